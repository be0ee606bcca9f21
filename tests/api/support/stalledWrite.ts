import { Readable } from 'node:stream';
import { loadConfig } from '#server/config';
import { openStorage } from '#server/storage/openStorage';

/**
 * Run as a child process by the storage suite: starts a write of 12 MiB (more than one 8 MiB multipart part, whatever the streams buffer) and then
 * stalls for ever, so that the parent can kill it with SIGKILL mid-upload, as a crash would.
 */
const storage = openStorage(loadConfig().storage);
const chunk = Buffer.alloc(2 ** 20, 1);
let sent = 0;
const source = new Readable({
  read() {
    if (sent < 12) {
      sent += 1;
      this.push(chunk);
    } else if (sent === 12) {
      sent += 1;
      console.log('stalled');
    }
  },
});
void storage.write(source);
setInterval(() => undefined, 60_000);
