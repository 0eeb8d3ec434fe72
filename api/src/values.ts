// Plain values of the contract that pages compare with, apart from the schemas: a module's chunk carries every export
// some part of the console uses (the lazily loaded route table uses every schema), so a page importing a value from a
// schema module would load that module's schemas and zod with it.

/** projectStatus: 1 draft, 2 deployed. */
export const projectStatuses = { draft: 1, deployed: 2 } as const;
