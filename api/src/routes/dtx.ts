// Distributed transactions, approvals and their notifications: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import {
  approveDtxResponseSchema,
  dtxActionRequestSchema,
  dtxDetailSchema,
  dtxIdParamsSchema,
  dtxIdResponseSchema,
  dtxPageSchema,
  pendingDtxResponseSchema,
  startDtxRequestSchema,
} from '../schemas/dtx.ts';
import { approvalsResponseSchema } from '../schemas/approvals.ts';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '../schemas/notifications.ts';
import { pageParamsSchema } from '../schemas/transactions.ts';
import { type GroupRoutes, part1, part2, route } from './define.ts';

export const dtxRoutes = {
  pendingDtx: route('pendingDtx', {
    spec: part1,
    summary: 'Distributed transactions waiting for me',
    response: pendingDtxResponseSchema,
  }),
  listDtx: route('listDtx', {
    spec: part2,
    summary: 'Sharded transactions, paged',
    params: pageParamsSchema,
    response: dtxPageSchema,
  }),
  getDtx: route('getDtx', {
    spec: part2,
    summary: 'A distributed transaction',
    params: dtxIdParamsSchema,
    response: dtxDetailSchema,
  }),
  startDtx: route('startDtx', {
    spec: part1,
    summary: 'Start a distributed transaction',
    body: startDtxRequestSchema,
    response: dtxIdResponseSchema,
  }),
  approveDtx: route('approveDtx', {
    spec: part1,
    summary: 'Approve a distributed transaction',
    body: dtxActionRequestSchema,
    response: approveDtxResponseSchema,
  }),
  cancelDtx: route('cancelDtx', {
    spec: part1,
    summary: 'Cancel a distributed transaction',
    body: dtxActionRequestSchema,
    response: dtxIdResponseSchema,
  }),
  listApprovals: route('listApprovals', {
    spec: 'tranche',
    summary: 'Pending operations of all my keys, split into needing my approval and waiting for others',
    response: approvalsResponseSchema,
  }),
  getNotificationPreferences: route('getNotificationPreferences', {
    spec: 'tranche',
    summary: 'Which mail I receive (each kind on or off) and whether as a daily digest',
    response: notificationPreferencesSchema,
  }),
  putNotificationPreferences: route('putNotificationPreferences', {
    spec: 'tranche',
    summary: 'Change which mail I receive',
    body: updateNotificationPreferencesSchema,
    response: notificationPreferencesSchema,
  }),
} satisfies GroupRoutes<'dtx'>;
