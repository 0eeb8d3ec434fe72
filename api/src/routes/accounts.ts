// Accounts and session (part 2, part 1 GET /auth): this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import {
  accountReviewDecisionSchema,
  accountReviewSchema,
  confirmAccountRequestSchema,
  createAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  sessionSchema,
} from '../schemas/accounts.ts';
import { type GroupRoutes, part1, part2, route } from './define.ts';

export const accountsRoutes = {
  createAccount: route('createAccount', {
    spec: part2,
    summary: 'Sign up; mails a confirmation code',
    body: createAccountRequestSchema,
    response: z.null(),
  }),
  confirmAccount: route('confirmAccount', {
    spec: part2,
    summary: 'Confirm an account with the mailed code',
    body: confirmAccountRequestSchema,
    response: z.null(),
  }),
  login: route('login', {
    spec: part2,
    summary: 'Log in; answers the session token',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  forgotPassword: route('forgotPassword', {
    spec: part2,
    summary: 'Mail a password reset code and link (same answer whether or not the address exists)',
    body: forgotPasswordRequestSchema,
    response: z.null(),
  }),
  resetPassword: route('resetPassword', {
    spec: part2,
    summary: 'Set a new password with the mailed code or link token (1 hour, single use)',
    body: resetPasswordRequestSchema,
    response: accountReviewSchema,
  }),
  auth: route('auth', {
    spec: part1,
    summary: 'The current session (200 when logged in)',
    response: sessionSchema,
  }),
  logout: route('logout', {
    spec: 'tranche',
    summary: 'End the current session on the server (its token is refused from then on, on every instance)',
    response: z.null(),
  }),
  accountReview: route('accountReview', {
    spec: 'tranche',
    summary:
      'What the sessions before the last password reset created (webhooks, proved wallets, registered keys), waiting to be kept or removed; its webhooks are paused',
    response: accountReviewSchema,
  }),
  keepReviewItem: route('keepReviewItem', {
    spec: 'tranche',
    summary: 'Keep an item of the review (a kept webhook resumes its deliveries)',
    body: accountReviewDecisionSchema,
    response: accountReviewSchema,
  }),
  removeReviewItem: route('removeReviewItem', {
    spec: 'tranche',
    summary: 'Remove an item of the review: delete the webhook, the proved wallet or the registered key',
    body: accountReviewDecisionSchema,
    response: accountReviewSchema,
  }),
} satisfies GroupRoutes<'accounts'>;
