import type { SessionDeps } from '#server/deps';
import { keepUpload, prepareFiles, type Derived } from './derivedFiles.ts';
import { inspectUpload } from './inspectUpload.ts';
import type { ReceivedFile } from './uploadBody.ts';

/**
 * What happens to an Add Session upload once its last byte is in storage, whatever transport brought it (a sendFile
 * body, a resumable upload): its content decides what it is (an MP4's structure; a joint data file, gait metrics or
 * clinic-format file; a recording of another format, converted in full to prove it is readable). A file that is none
 * of these is refused (415, naming the accepted formats) and a damaged one too (400, with the parser's message); a
 * refused file is deleted. The answer is the file and what was made from it (converted joint data, computed
 * metrics), to stage with stageFile in the transport's own transaction: addSession commits them as they are.
 */
export function acceptUpload(deps: SessionDeps, received: ReceivedFile): Promise<Derived> {
  return prepareFiles(deps, async (derived) => {
    const file = await inspectUpload(deps, received);
    derived.created.push(file.key);
    derived.files.push(...(await keepUpload(deps, derived, file)).files);
  });
}
