import { statement, type Db } from '../open-database.js';

/** A value changed by a person in the console's review view. */
export interface Correction {
  id: string;
  extraction_id: string;
  /** Dotted path of the field: `total`, `line_items.0.amount`. */
  field: string;
  previous_value: unknown;
  value: unknown;
  user_id: string;
  email: string;
  created_at: string;
}

/** Corrections of extraction results: all their SQL. Deleted with their extraction (ON DELETE CASCADE). */
export class CorrectionsRepo {
  constructor(private readonly db: Db) {}

  add(c: Correction): void {
    statement(this.db, 'INSERT INTO corrections (id, extraction_id, field, previous_value, value, user_id, email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      c.id,
      c.extraction_id,
      c.field,
      JSON.stringify(c.previous_value ?? null),
      JSON.stringify(c.value ?? null),
      c.user_id,
      c.email,
      c.created_at,
    );
  }

  /** An extraction's corrections, oldest first. */
  of(extractionId: string): Correction[] {
    const rows = statement(this.db, 'SELECT id, extraction_id, field, previous_value, value, user_id, email, created_at FROM corrections WHERE extraction_id = ? ORDER BY created_at, rowid').all(extractionId) as Record<string, unknown>[];
    return rows.map((r) => ({ ...(r as unknown as Correction), previous_value: parse(r.previous_value), value: parse(r.value) }));
  }
}

const parse = (text: unknown): unknown => (typeof text === 'string' ? JSON.parse(text) : null);
