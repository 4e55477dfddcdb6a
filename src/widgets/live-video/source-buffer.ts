/**
 * One SourceBuffer's operations as promises, run one after another (a SourceBuffer takes one append
 * or remove at a time: each waits for the previous one's updateend).
 */
export interface BufferOps {
  append(data: ArrayBuffer): Promise<void>;
  remove(start: number, end: number): Promise<void>;
  ranges(): { start: number; end: number }[];
}

export function bufferOps(sb: SourceBuffer): BufferOps {
  let chain: Promise<void> = Promise.resolve();
  const run = (op: () => void) =>
    new Promise<void>((ok, fail) => {
      const done = (err?: Event) => {
        sb.removeEventListener('updateend', onEnd);
        sb.removeEventListener('error', onError);
        if (err) fail(new Error('source buffer error'));
        else ok();
      };
      const onEnd = () => done();
      const onError = (e: Event) => done(e);
      sb.addEventListener('updateend', onEnd);
      sb.addEventListener('error', onError);
      try {
        op();
      } catch (e) {
        sb.removeEventListener('updateend', onEnd);
        sb.removeEventListener('error', onError);
        fail(e);
      }
    });
  const queue = (op: () => void) => {
    const next = chain.catch(() => {}).then(() => run(op));
    chain = next;
    return next;
  };
  return {
    append: (data) => queue(() => sb.appendBuffer(data)),
    remove: (start, end) => queue(() => sb.remove(start, end)),
    ranges() {
      const out: { start: number; end: number }[] = [];
      try {
        for (let i = 0; i < sb.buffered.length; i++)
          out.push({ start: sb.buffered.start(i), end: sb.buffered.end(i) });
      } catch {
        // the SourceBuffer left its MediaSource
      }
      return out;
    },
  };
}
