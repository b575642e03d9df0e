// The browser bundle's entry (dist/browser/calckit-language-server.js): a classic worker script that serves LSP on
// the worker's own messages as soon as it loads.
import { startBrowserServer } from './browser.js';

startBrowserServer();
