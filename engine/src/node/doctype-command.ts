import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { checkDefinition } from '../doctypes/check-definition.js';
import { diffDefinitions } from '../doctypes/diff-definitions.js';
import { indexFields } from '../doctypes/field-paths.js';
import { definitionJsonSchema } from '../doctypes/json-schema.js';
import { templateDefinition } from '../doctypes/templates/index.js';
import { ServiceError } from '../errors/service-error.js';
import { serializeError } from '../errors/serialize-error.js';

export const DOCTYPE_USAGE = `Usage: npm run --silent cli -- doctype check [--json] FILE
       npm run --silent cli -- doctype diff [--json] OLD NEW
       npm run --silent cli -- doctype show [--json] TEMPLATE

  check  checks a definition (JSON file) and prints its JSON Schema, or every problem
  diff   lists the changes from OLD to NEW and whether they break the schema
  show   prints a built-in template (payment_receipt, retail_receipt, invoice) and its schema
Exit status: 0 when it worked, 2 for an invalid definition, unknown template or usage error.`;

export interface CommandOutput {
  code: number;
  json: unknown;
  text: string;
}

/** `doctype check|diff|show`: the outcome as JSON (the CLI contract) and as text. Never throws. */
export async function runDoctypeCommand(args: string[]): Promise<CommandOutput> {
  const [sub, ...rest] = args;
  try {
    if (sub === 'check' && rest.length === 1) {
      const definition = checkDefinition(await readDefinition(rest[0], 'FILE'));
      const schema = definitionJsonSchema(definition);
      // Every named field at any depth; `x[]` entries are array items, not fields of their own.
      const fields = [...indexFields(definition.fields).keys()].filter((p) => !p.endsWith('[]')).length;
      return { code: 0, json: { ok: true, schema }, text: `${rest[0]}: valid definition "${definition.name}" with ${fields} fields\n` };
    }
    if (sub === 'diff' && rest.length === 2) {
      const before = checkDefinition(await readDefinition(rest[0], 'OLD'));
      const after = checkDefinition(await readDefinition(rest[1], 'NEW'));
      const { changes, breaking } = diffDefinitions(before, after);
      const lines = changes.map((c) => `  ${c.breaking ? 'BREAKING ' : ''}${c.kind} ${c.path}${c.value !== undefined ? ` (${c.value})` : ''}`);
      return { code: 0, json: { changes, breaking }, text: `${changes.length} changes${breaking ? ', breaking' : ''}\n${lines.map((l) => `${l}\n`).join('')}` };
    }
    if (sub === 'show' && rest.length === 1) {
      const definition = templateDefinition(rest[0]);
      const schema = definitionJsonSchema(definition);
      return { code: 0, json: { template: rest[0], definition, schema }, text: `${JSON.stringify(definition, null, 2)}\n` };
    }
  } catch (err) {
    const body = serializeError(err, { requestId: `cli_${randomUUID().replaceAll('-', '')}` });
    const problems = (body.error.details?.problems as { path: string; message: string }[] | undefined) ?? [];
    const text = `error ${body.error.code}: ${body.error.message}\n${problems.map((p) => `  ${p.path || '(definition)'}: ${p.message}\n`).join('')}`;
    return { code: 2, json: { ok: false, error: body.error }, text };
  }
  return { code: 2, json: null, text: `${DOCTYPE_USAGE}\n` };
}

async function readDefinition(file: string, param: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ServiceError('invalid_parameters', {
      message: 'The definition file does not exist or cannot be read.',
      details: { errors: [{ param, message: 'The file does not exist or cannot be read.' }] },
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // JSON.parse's own message quotes the file; errors never repeat submitted content.
    throw new ServiceError('invalid_definition', { details: { problems: [{ path: '', message: 'The file is not valid JSON.' }] } });
  }
}
