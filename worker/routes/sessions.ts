import { Hono } from 'hono';

export const sessionRoutes = new Hono();
