// Run by test/desktop/local-store.test.ts as a separate process that is killed at a random
// moment: it captures documents and saves their results as fast as it can, printing each one
// once the store has committed it ("captured <id>", then "extracted <id>").
import { randomBytes } from 'node:crypto';
import { LocalStore } from '../../../main/src/store/local-store.js';

const store = LocalStore.open(process.argv[2]);
for (let i = 0; ; i++) {
  const bytes = randomBytes(1000 + Math.floor(Math.random() * 200_000));
  const doc = store.capture({ bytes, name: `scan-${i}.png`, mediaType: 'image/png', source: 'folder' });
  process.stdout.write(`captured ${doc.id}\n`);
  store.saveExtraction(doc.id, { result: { document_type: 'payment_receipt', data: { amount: i }, fields: {} }, reviewRequired: i % 3 === 0 });
  process.stdout.write(`extracted ${doc.id}\n`);
}
