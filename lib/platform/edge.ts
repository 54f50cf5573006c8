export { getEnv } from "./env";
