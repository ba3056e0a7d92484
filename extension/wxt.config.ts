import { defineConfig } from 'wxt';

export default defineConfig({
  imports: false,
  manifest: {
    name: 'Gatehouse',
    permissions: ['storage', 'alarms', 'notifications'],
  },
});
