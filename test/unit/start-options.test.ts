import { describe, expect, it } from 'vitest';
import { parseStartOptions } from '../../scripts/start-options.ts';

// `npm start -- --port N --lan` and GATEHOUSE_PORT: the flag wins, then the variable, then 8787;
// anything that is not a port, or a flag npm start does not have, is refused with its name.

describe('npm start options', () => {
  it.each([
    [[], {}, { port: 8787, lan: false, help: false }],
    [['--port', '8789'], {}, { port: 8789, lan: false, help: false }],
    [['--port=8790'], {}, { port: 8790, lan: false, help: false }],
    [['--lan'], {}, { port: 8787, lan: true, help: false }],
    [['--lan', '--port', '9000'], {}, { port: 9000, lan: true, help: false }],
    [[], { GATEHOUSE_PORT: '8791' }, { port: 8791, lan: false, help: false }],
    [['--port', '8792'], { GATEHOUSE_PORT: '8791' }, { port: 8792, lan: false, help: false }],
    [['--help'], {}, { port: 8787, lan: false, help: true }],
    [['-h'], {}, { port: 8787, lan: false, help: true }],
  ])('%j with %j → %j', (argv, env, expected) => {
    expect(parseStartOptions(argv, env)).toEqual(expected);
  });

  it.each([
    [['--port', 'abc'], {}, /--port is a port number from 1 to 65535, not "abc"/],
    [['--port', '0'], {}, /not "0"/],
    [['--port', '65536'], {}, /not "65536"/],
    [['--port', '-1'], {}, /--port/],
    [['--port', '80.5'], {}, /not "80.5"/],
    [['--port', ' 8787'], {}, /not " 8787"/],
    [['--port'], {}, /--port/],
    [[], { GATEHOUSE_PORT: 'eighty' }, /GATEHOUSE_PORT is a port number from 1 to 65535, not "eighty"/],
    [['--prot', '8788'], {}, /--prot/],
    [['8788'], {}, /8788/],
    [['--lan=yes'], {}, /--lan/],
  ])('%j with %j is refused', (argv, env, why) => {
    const parsed = parseStartOptions(argv, env);
    expect(parsed).toHaveProperty('error');
    expect((parsed as { error: string }).error).toMatch(why);
  });
});
