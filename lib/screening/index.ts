export { screenPrompt } from "./screen-prompt";
