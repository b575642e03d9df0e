// A progress line on stderr for long runs on a terminal: "Linting 1200/10000 files", redrawn at most every 100 ms.
export interface Progress {
  add(n: number): void;
  done(): void;
}

const SILENT: Progress = { add: () => undefined, done: () => undefined };
const MIN_FILES = 200;

export function progressLine(total: number, stream: NodeJS.WriteStream | undefined): Progress {
  if (!stream?.isTTY || total < MIN_FILES) return SILENT;
  let count = 0;
  let last = 0;
  const draw = () => stream.write(`\r\u001b[2KLinting ${count}/${total} files…`);
  return {
    add(n) {
      count += n;
      const now = Date.now();
      if (now - last >= 100) {
        last = now;
        draw();
      }
    },
    done() {
      stream.write('\r\u001b[2K');
    },
  };
}
