// Placeholder entry point; replaced as the package is built.
export {};
