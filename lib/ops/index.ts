export { createFacilitatorReadiness, readiness } from "./health/readiness";
