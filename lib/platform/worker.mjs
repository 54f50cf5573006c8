// The platform's door for worker threads' entries: plain JavaScript, which a worker's entry file
// can import before anything has compiled TypeScript for it.
export { importTypeScript } from "./threads/typescript-module.mjs";
