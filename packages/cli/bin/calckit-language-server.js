#!/usr/bin/env node
// `calckit-language-server` from the `calckit` package, so that installing calckit gives both commands: the server
// itself is @calckit/language-server's (its bin entry, which also serves as the server's lint worker script).
import '@calckit/language-server/bin';
