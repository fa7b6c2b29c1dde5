import type { Definition } from '../../contracts/definition.js';
import type { ExtractionContent } from '../../contracts/extraction.js';
import type { TextPage } from '../layout/document-text.js';
import { applyVerification, type ApplyVerificationOptions } from './apply-verification.js';
import { completeChat, type VerificationEndpoint } from './chat-client.js';
import { verifiableFields } from './verifiable-fields.js';
import { buildVerifyMessages, readVerifyAnswer } from './verify-prompt.js';

/**
 * Verified mode's step after extraction: ask the configured model about every scalar field, apply
 * its answer. Never fails the extraction: when the call or its answer fails, every field is
 * unanswered and the warning `verification_failed` says so. Only the page text and the field
 * values (with the definition's names and descriptions) go to `endpoint`.
 */
export async function verifyExtraction(
  content: ExtractionContent,
  pages: readonly TextPage[],
  definition: Definition,
  endpoint: VerificationEndpoint,
  options: ApplyVerificationOptions = {},
): Promise<ExtractionContent> {
  // A definition of arrays only has nothing to ask about: no call.
  if (verifiableFields(definition).length === 0) return applyVerification(content, definition, new Map(), options);
  const reply = await completeChat(endpoint, buildVerifyMessages(pages, definition, content.fields));
  if (!reply.ok) return failed(content, definition, reply.failure.message, options);
  const answers = readVerifyAnswer(reply.content, definition);
  if (!answers) return failed(content, definition, 'The language model did not answer with a JSON object.', options);
  if (answers.size === 0) return failed(content, definition, 'The language model answered none of the fields.', options);
  return applyVerification(content, definition, answers, options);
}

function failed(content: ExtractionContent, definition: Definition, reason: string, options: ApplyVerificationOptions): ExtractionContent {
  const out = applyVerification(content, definition, null, options);
  out.warnings = [...out.warnings, { code: 'verification_failed', message: `The fields could not be verified: ${reason} The values are as read.` }];
  return out;
}
