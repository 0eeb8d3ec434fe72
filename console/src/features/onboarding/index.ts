export { GetStartedChecklist, onboardingStepPaths } from './components/GetStartedChecklist.tsx';
