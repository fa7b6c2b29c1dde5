// Run by test/desktop/sync-kill.test.ts as the desktop backend's sync, in its own process that
// the test kills in the middle of sending: argv = store folder, server URL, publishable key.
import { LocalStore } from '../../../main/src/store/local-store.js';
import { OutboxSender } from '../../../main/src/sync/outbox-sender.js';
import { ServerClient } from '../../../main/src/sync/server-client.js';

const [dir, serverUrl, publishableKey] = process.argv.slice(2);
const store = LocalStore.open(dir);
const client = new ServerClient({ serverUrl, publishableKey });
const sender = new OutboxSender(store, () => client, { baseDelayMs: 100, maxDelayMs: 500, onChange: (id) => process.stdout.write(`changed ${id} ${store.document(id)?.sync}\n`) });
for (;;) {
  await sender.runOnce();
  if (store.nextDue() === null) break;
  await new Promise((r) => setTimeout(r, 100));
}
process.stdout.write('done\n');
store.close();
