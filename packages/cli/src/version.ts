// The toolkit's version, printed by `calckit --version`.
export const VERSION = '0.1.0';
