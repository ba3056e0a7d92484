/** A permissions config that cannot become a plan; names every offending rule and why. */
export class PlanError extends Error {
  readonly problems: { path: string; message: string }[];
  constructor(problems: { path: string; message: string }[]) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
    this.name = 'PlanError';
    this.problems = problems;
  }
}
