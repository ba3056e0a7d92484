/** Fake credentials for the shield and redaction tests, assembled from parts so no complete one sits in the source. */
export const fake = {
  awsAccessKey: `AKIA${'IOSFODNN7EXAMPLE'}`,
  awsSessionKey: `ASIA${'Y34FZKBOKMUTVV7A'}`,
  awsSecret: `wJalrXUtnFEMI/K7MDENG/${'bPxRfiCYEXAMPLEKEY'}`,
  github: `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`,
  githubOauth: `gho_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2'}`,
  githubPat: `github_pat_${'11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP012345'}`,
  gitlab: `glpat-${'xY7_zW3-aB9cD1eF5gH2'}`,
  slackBot: `xoxb-${'123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'}`,
  slackUser: `xoxp-${'2233445566-7788990011-1234567890-0123456789abcdef0123456789abcdef'}`,
  slackWebhook: `https://hooks.slack.com/services/${'T0ABCDEF1/B0ABCDEF2/AbCdEfGhIjKlMnOpQrStUvWx'}`,
  openai: `sk-${'T3BlbkFJa1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0'}`,
  openaiProject: `sk-proj-${'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12Wx34_Yz-56'}`,
  anthropic: `sk-ant-api03-${'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90_-xyzXYZ0'}`,
  stripe: `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`,
  google: `AIza${'SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'}`,
  npm: `npm_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`,
  jwt: [
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFkYSJ9',
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ].join('.'),
  pem: [
    `-----BEGIN OPENSSH ${'PRIVATE KEY'}-----`,
    'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
    'QyNTUxOQAAACDx1pJ0cn8Uu9n0bAkUp+e2qf8Zf3pQ9o2lGfCqjQvWZwAAAJg=',
    `-----END OPENSSH ${'PRIVATE KEY'}-----`,
  ].join('\n'),
};

/**
 * More fake credentials, one per provider the shield knows, each of the shape the provider's
 * keys have (and secretlint's recommended preset looks for), assembled from parts.
 */
export const fakeProviders = {
  gatehouseToken: `gh_${'acme'}_tk-${'abcdefgh23456712'}_${'Zm9vYmFyYmF6cXV4cXV1eHh5enp5MDEyMzQ1Njc4OTAx'}`,
  gatehouseTicket: `gt_${'default'}_wt-${'qrstuvwx23456712'}_${'c2VjcmV0LXRpY2tldC12YWx1ZS0wMTIzNDU2Nzg5YWJj'}`,
  azureAccountKey: `AccountKey=${'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='}`,
  azureSas: `sig=${'QmFzZTY0U2lnbmF0dXJlVmFsdWUxMjM0NTY3ODkw'}%3D`,
  groq: `gsk_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6'}`,
  huggingface: `hf_${'AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh'}`,
  sendgrid: `SG.${'ngeVfQFYQlKU0ufo8x5d1A'}.${'TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr'}`,
  shopify: `shpat_${'0123456789abcdef0123456789abcdef'}`,
  linear: `lin_api_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0'}`,
  notion: `ntn_${'12345678901'}${'aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678'}`,
  grafana: `glsa_${'AbCdEfGhIjKlMnOpQrStUvWxYz012345'}_${'0a1b2c3d'}`,
  vault: `hvs.${'CAESIJlWh1Z2oA3zYqW5d7mKp9XcQrT0bNeF2gHjLkMnOpQrGh4KHGh2cy5BYkNkRWZHaElqS2xNbk9wUXJTdFV2V3g'}`,
  vercel: `vcp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3'}`,
  databricks: `dapi${'0123456789abcdef0123456789abcdef'}`,
  docker: `dckr_pat_${'AbCdEfGhIjKlMnOpQrStUvWxYz0'}`,
  figma: `figd_${'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdef'}`,
  cloudflare: `cfut_${'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ABCD'}${'0a1b2c3d'}`,
  tailscale: `tskey-${'auth'}-${'kAbCdEf1CNTRL'}-${'AbCdEfGhIjKlMnOpQrStUvWxYz0123'}`,
  putty: [
    `PuTTY-User-Key-File-3: ${'ssh-ed25519'}`,
    'Encryption: none',
    'Comment: deploy',
    'Public-Lines: 2',
    'AAAAC3NzaC1lZDI1NTE5AAAAIBx',
    'Private-Lines: 1',
    'AAAAIKb3NlY3JldHNlY3JldA==',
    'Private-MAC: 0123456789abcdef',
  ].join('\n'),
  pemLowercase: [
    `-----begin rsa ${'private key'}-----`,
    'MIIEowIBAAKCAQEAx',
    `-----end rsa ${'private key'}-----`,
  ].join('\n'),
  pemEncrypted: [
    `-----BEGIN ENCRYPTED ${'PRIVATE KEY'}-----`,
    'MIIFHDBOBgkqhkiG9w0BBQ0w',
    `-----END ENCRYPTED ${'PRIVATE KEY'}-----`,
  ].join('\n'),
};
