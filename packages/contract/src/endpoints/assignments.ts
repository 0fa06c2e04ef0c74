import { z } from 'zod';
import {
  assignment,
  assignmentExportQuery,
  assignmentIdParams,
  assignmentInput,
  assignmentListQuery,
  assignmentPage,
  assignmentResults,
  assignmentStartInput,
  assignmentUpdate,
  myAssignmentList,
  studentAssignmentList,
  studentAssignmentParams,
} from '../assignments';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** Assignments: instructors give a template to cohorts and students; students take them (docs/assignments.md). */
export const assignmentsApi = {
  assignments: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/assignments',
    summary: "The product's assignments, latest close date first, with how many finished",
    tags: ['assignments'],
    access: 'user',
    params: productIdParams,
    query: assignmentListQuery,
    response: assignmentPage,
  }),
  createAssignment: endpoint({
    method: 'POST',
    path: '/api/v2/products/:id/assignments',
    summary:
      "Assign a template's latest version to cohorts and students: open and close dates, attempts, when answers are shown, late policy",
    tags: ['assignments'],
    access: 'user',
    params: productIdParams,
    body: assignmentInput,
    response: assignment,
    status: 201,
  }),
  assignment: endpoint({
    method: 'GET',
    path: '/api/v2/assignments/:id',
    summary: 'An assignment with its settings and who it is given to',
    tags: ['assignments'],
    access: 'user',
    params: assignmentIdParams,
    response: assignment,
  }),
  updateAssignment: endpoint({
    method: 'PUT',
    path: '/api/v2/assignments/:id',
    summary:
      "Change an assignment's dates, attempts, answers, late policy and who it is given to (running attempts follow the new close)",
    tags: ['assignments'],
    access: 'user',
    params: assignmentIdParams,
    body: assignmentUpdate,
    response: assignment,
  }),
  deleteAssignment: endpoint({
    method: 'DELETE',
    path: '/api/v2/assignments/:id',
    summary: 'Withdraw an assignment nobody has started (attempts made keep it)',
    tags: ['assignments'],
    access: 'user',
    params: assignmentIdParams,
    status: 204,
  }),
  results: endpoint({
    method: 'GET',
    path: '/api/v2/assignments/:id/results',
    summary:
      "How the class did: completion, scores and their histogram, time, each question's facility, discrimination and choices, each student",
    tags: ['assignments'],
    access: 'user',
    params: assignmentIdParams,
    response: assignmentResults,
  }),
  exportResults: endpoint({
    method: 'GET',
    path: '/api/v2/assignments/:id/results/export',
    summary: "Download each student's result as CSV or XLSX",
    tags: ['assignments'],
    access: 'user',
    params: assignmentIdParams,
    query: assignmentExportQuery,
  }),
  studentAssignments: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/students/:userId/assignments',
    summary:
      "A student's assignments in the product with where each stands for them (attempts, score, late), for its instructors and admins",
    tags: ['assignments'],
    access: 'user',
    params: studentAssignmentParams,
    response: studentAssignmentList,
  }),
  myAssignments: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/myAssignments',
    summary:
      "The caller's assignments in the product, due soonest first, with attempts left and what they may do now",
    tags: ['assignments'],
    access: 'user',
    params: productIdParams,
    response: myAssignmentList,
  }),
  startAttempt: endpoint({
    method: 'POST',
    path: '/api/v2/assignments/:id/attempts',
    summary:
      'Start an attempt: a test built from the assigned version (refused before it opens, after it closes, with no attempts left or another test open)',
    tags: ['assignments'],
    access: 'user',
    params: assignmentIdParams,
    body: assignmentStartInput,
    response: z.object({ uuid: z.string(), numQuestions: z.number().int() }),
    status: 201,
  }),
};
