// Defaults shared by the lint command's options and its implementation (kept apart so `calckit --version` loads
// nothing of the linter).
export const DEFAULT_CACHE_LOCATION = '.calckit/cache/lint.json';
