// The JavaScript engine code functions run in: QuickJS compiled to WebAssembly (quickjs-emscripten's release-sync
// variant). The emulator reads its files once (the modules' JavaScript and the .wasm, from the installed packages)
// and hands them to each call's process on stdin, so that process reads no file at all: no grant of the permission
// model, and a mount namespace may hide every host directory from it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The engine's files as the call's process loads them (CommonJS sources, the WebAssembly binary in base64). */
export interface EngineFiles {
  /** @jitl/quickjs-ffi-types: constants shared by the other modules. */
  readonly ffiTypes: string;
  /** quickjs-emscripten-core: the handle API (runtimes, contexts, limits, promises). */
  readonly core: string;
  /** The variant's foreign-function table over the WebAssembly exports. */
  readonly ffi: string;
  /** The variant's Emscripten loader (given the binary, it reads no file). */
  readonly loader: string;
  /** emscripten-module.wasm, base64. */
  readonly wasm: string;
}

const VARIANT = '@jitl/quickjs-wasmfile-release-sync';

let cached: string | undefined;

/** The engine's files as one line of JSON (the first line a call's process reads); read on first use. */
export function engineLine(): string {
  cached ??= `${JSON.stringify(readEngineFiles())}\n`;
  return cached;
}

function readEngineFiles(): EngineFiles {
  const require = createRequire(import.meta.url);
  // Resolved from this package, as installed (the workspace or a formula repository's node_modules).
  const variantRequire = createRequire(require.resolve(VARIANT));
  const coreRequire = createRequire(require.resolve('quickjs-emscripten-core'));
  const text = (path: string): string => readFileSync(path, 'utf8');
  return {
    ffiTypes: text(coreRequire.resolve('@jitl/quickjs-ffi-types')),
    core: text(require.resolve('quickjs-emscripten-core')),
    ffi: text(variantRequire.resolve(`${VARIANT}/ffi`)),
    loader: text(variantRequire.resolve(`${VARIANT}/emscripten-module`)),
    wasm: readFileSync(variantRequire.resolve(`${VARIANT}/wasm`)).toString('base64'),
  };
}
