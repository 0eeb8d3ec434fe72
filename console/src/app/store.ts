import { createStore } from 'jotai';
import { installSession } from './session.ts';

/** The app's one jotai store, shared with code outside React (the API client's session hooks). */
export const store = createStore();
installSession(store);
