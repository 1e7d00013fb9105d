/** The shape of the generated program (program.ts.txt), for the test's dynamic import. */
export interface TypedProgram {
  listCreateDelete(baseUrl: string, authorization: string): Promise<{ listed: string[]; created: number; deleted: boolean }>;
}
