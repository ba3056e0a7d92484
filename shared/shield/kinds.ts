import { z } from 'zod';

/**
 * Every kind of secret the shield recognizes: the one list the detector, the redaction markers
 * (`[REDACTED:<kind>]`) and the decision reasons share.
 */
export const SecretKind = z.enum([
  'private_key',
  'jwt',
  'aws_access_key',
  'aws_secret_key',
  'azure_key',
  'gatehouse_token',
  'github_token',
  'gitlab_token',
  'slack_token',
  'slack_webhook',
  'anthropic_key',
  'openai_key',
  'groq_key',
  'huggingface_token',
  'stripe_key',
  'google_api_key',
  'npm_token',
  'sendgrid_key',
  'shopify_token',
  'linear_key',
  'notion_token',
  'onepassword_token',
  'grafana_token',
  'vault_token',
  'vercel_token',
  'databricks_token',
  'docker_token',
  'figma_token',
  'cloudflare_token',
  'tailscale_key',
  'bearer_token',
  'url_credentials',
  'cookie',
  'password_assignment',
  'generic_api_key',
  /**
   * Not a secret but the absence of an answer: part of the input was too large or too deep to
   * scan within the shield's bounds, so it cannot be called clean (fail closed).
   */
  'unscanned_input',
  /**
   * Not a secret either: a shell command too long to examine whole within the shield's budget
   * (`limits.examinedCommands`, `limits.examinedWords`), in whose examined part no secret file
   * was read. What was not examined may read one, so the call asks.
   */
  'unexamined_command',
]);
export type SecretKind = z.infer<typeof SecretKind>;
