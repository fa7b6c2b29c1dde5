import type { ExtractionWarning, WarningCode } from '../contracts/extraction.js';

const MESSAGES: Partial<Record<WarningCode, string>> = {
  declared_type_mismatch: 'The declared content type does not match the file; it was read as what its bytes are.',
  embedded_data_unreadable: 'The PDF embeds XML data that could not be read as an invoice; the visible pages were read instead.',
};

/** The warning entry for a code intake reports (its message from one place). */
export function warningFor(code: string): ExtractionWarning {
  return { code: code as WarningCode, message: MESSAGES[code as WarningCode] ?? code };
}
