export { nearestRatio } from "./providers/frame-size";
