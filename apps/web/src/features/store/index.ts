// What other features use of the store's screens: a plan drawn as the store draws it (the admin's plan preview).
export { PlanLine, PlanNote, PlanSummary, planIncludes } from './components/plan-lines';
