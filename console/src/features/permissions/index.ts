export { PermissionsPage } from './components/PermissionsPage.tsx';
export { reloadDelayMs, useDeployment, useExplorerConfig, type WizardView } from './useDeployment.ts';
export { CodebaseField, DeploymentProgress } from './DeploymentParts.tsx';
export { DeployFormView, useDeployForm } from './DeployForm.tsx';
