import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type ProjectStatus, projectStatus, projects } from './schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The fields a caller sets. Addresses may come in any case; they are stored lower-cased, and a zero or empty
 * controller is stored as null ("None").
 */
export type ProjectValues = {
  projectCode: string;
  projectName: string;
  status?: ProjectStatus;
  contractAddress?: string | null;
  ownerAddress?: string | null;
  controllerAddress?: string | null;
  whitelistAddress?: string | null;
  whitelistName?: string | null;
  securitySchemeAddress?: string | null;
  accountId?: number | null;
  deployTransactionHash?: string | null;
  deployBlock?: number | null;
};

export type ProjectPatch = Partial<Omit<ProjectValues, 'projectCode'>>;

/** What {@link recordDeployment} needs: the token is on the chain. */
export type DeploymentRecord = {
  contractAddress: string;
  ownerAddress: string;
  controllerAddress?: string | null;
  whitelistAddress: string;
  whitelistName?: string | null;
  securitySchemeAddress: string;
  deployTransactionHash?: string | null;
  /** Block the token was deployed in; the indexer reads its events from there. */
  deployBlock: number;
  projectName?: string;
  accountId?: number | null;
  /** 2 for a proxy from the TokenFactory; 1 when not given. */
  tokenVersion?: number;
};

const zeroAddress = '0x0000000000000000000000000000000000000000';

function address(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim().toLowerCase();
  return trimmed === '' || trimmed === zeroAddress ? null : trimmed;
}

function normalize<T extends ProjectPatch>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const key of [
    'contractAddress',
    'ownerAddress',
    'controllerAddress',
    'whitelistAddress',
    'securitySchemeAddress',
  ] as const) {
    if (key in out) out[key] = address(values[key]);
  }
  return out as T;
}

/** Inserts a token; answers undefined when its symbol (ignoring case) or contract address is taken. */
export async function insertProject(db: Database, values: ProjectValues): Promise<ProjectRow | undefined> {
  const [row] = await db
    .insert(projects)
    .values({ ...normalize(values), projectCode: values.projectCode.trim() })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Updates the token with this symbol (ignoring case); answers the updated row or undefined. */
export async function updateProject(
  db: Database,
  symbol: string,
  patch: ProjectPatch,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...normalize(patch), updatedOn: new Date() })
    .where(eq(sql`lower(${projects.projectCode})`, symbol.trim().toLowerCase()))
    .returning();
  return row;
}

/**
 * Records the deployment of a token: status 2 with its contract, owner, controller, whitelist and scheme. The
 * indexer picks it up on its next poll and reads its events from `deployBlock`.
 */
export function recordDeployment(
  db: Database,
  symbol: string,
  deployment: DeploymentRecord,
): Promise<ProjectRow | undefined> {
  return updateProject(db, symbol, { ...deployment, status: projectStatus.deployed });
}

export async function findProjectBySymbol(db: Database, symbol: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(eq(sql`lower(${projects.projectCode})`, symbol.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findProjectByAddress(
  db: Database,
  contractAddress: string,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(eq(projects.contractAddress, contractAddress.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** Deletes a draft (status 1) by symbol; a deployed token is never deleted. Answers true when one was. */
export async function deleteDraftProject(db: Database, symbol: string): Promise<boolean> {
  const rows = await db
    .delete(projects)
    .where(
      and(
        eq(sql`lower(${projects.projectCode})`, symbol.trim().toLowerCase()),
        eq(projects.status, projectStatus.draft),
      ),
    )
    .returning({ id: projects.id });
  return rows.length > 0;
}

/** `visible`: the rows the caller may see (the access module's condition). */
export type ProjectSearch = { term: string; page: number; pageSize: number; visible: SQL };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of tokens whose symbol or name contains `term` (any case), newest first, and how many match, in one
 * round trip; a blank term lists all.
 *
 * The page's ids are chosen on narrow rows before the whole rows are read. With a term, the matches are
 * gathered first (through the trigram indexes; the `matching` CTE is read twice, so PostgreSQL materialises
 * it) and then ordered: walking the date index and filtering each row, the planner's choice when it expects
 * matches everywhere, reads most of the table when they all sit at one end of it. A blank term walks the
 * date index alone.
 */
export async function searchProjects(
  db: Database,
  search: ProjectSearch,
): Promise<{ rows: ProjectRow[]; totalRows: number }> {
  const term = search.term.trim();
  const pattern = `%${escapeLike(term)}%`;
  const matches = term
    ? and(search.visible, or(ilike(projects.projectCode, pattern), ilike(projects.projectName, pattern)))
    : search.visible;
  const limit = sql`limit ${search.pageSize} offset ${(search.page - 1) * search.pageSize}`;
  const matching = db
    .$with('matching')
    .as(db.select({ id: projects.id, createdOn: projects.createdOn }).from(projects).where(matches));
  const query = term
    ? db.with(matching).select({
        project: projects,
        totalRows: sql<number>`(select count(*) from matching)`.mapWith(Number),
      })
    : db.select({
        project: projects,
        totalRows: sql<number>`(select count(*) from ${projects} where ${matches})`.mapWith(Number),
      });
  const pageIds = term
    ? sql`select id from matching order by created_on desc, id desc ${limit}`
    : sql`select id from ${projects} where ${matches} order by created_on desc, id desc ${limit}`;
  const rows = await query
    .from(projects)
    .where(sql`${projects.id} in (${pageIds})`)
    .orderBy(sql`${projects.createdOn} desc`, sql`${projects.id} desc`);
  // A page past the end has no row to carry the count.
  let totalRows = rows[0]?.totalRows ?? 0;
  if (rows.length === 0 && search.page > 1) {
    totalRows = (await db.select({ n: count() }).from(projects).where(matches))[0]?.n ?? 0;
  }
  return { rows: rows.map((row) => row.project), totalRows };
}

/** Deployed tokens with a contract, for the indexer. */
export async function listDeployedProjects(db: Database): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.status, projectStatus.deployed), sql`${projects.contractAddress} is not null`));
}
