// The server's name and version as reported in `initialize` (a constant: the bundled server has no package.json).
export const SERVER_NAME = 'calckit-language-server';
export const SERVER_VERSION = '0.1.0';
