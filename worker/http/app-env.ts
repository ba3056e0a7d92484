/** The Hono environment of every relay route: the Worker's bindings (`c.var.principal` is typed globally). */
export type AppEnv = { Bindings: Env };
