// What other features use of the assignments feature's screens: a learner's assigned tests (dashboard, My Tests).
export { MyAssignments } from './components/my-assignments';
export { StudentAssignments } from './components/student-assignments';
