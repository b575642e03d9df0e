// The Web Worker's script: calckit's language server over the worker's message port (its browser entry), with every
// feature the Node server has that needs no file system, including the page's calckit/calculation and calckit/evaluate.
import { startBrowserServer } from '@calckit/language-server/browser';

startBrowserServer();
