// What other features use of the exams feature's screens: a learner's review as someone else reads it.
export { StudentReview } from './components/student-review';
