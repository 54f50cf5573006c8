export { devnetFaultHooks } from "./install-faults";
