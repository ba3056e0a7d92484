import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * Programs that reach the network (off the read-only list): their grammar from each program's
 * manual. The risk rater reads them with the catalog's parser (shared/risk/programs/network.ts):
 * what they send, where they save, what they run.
 */
const CURL: ProgramEntry = {
  name: 'curl',
  family: 'network',
  readOnly: false,
  shorts: '012346aA:b:Bc:C:d:D:e:E:fF:gGhH:iIjJkK:lLm:MnNo:OpP:qQ:r:RsSt:T:u:U:vVw:x:X:y:Y:z:Z#',
  longs: words(
    'abstract-unix-socket= alt-svc= anyauth append aws-sigv4= basic ca-native cacert= capath= cert= cert-status cert-type= ciphers= compressed compressed-ssh config= connect-timeout= connect-to= continue-at= cookie= cookie-jar= create-dirs create-file-mode= crlf crlfile= curves= data= data-ascii= data-binary= data-raw= data-urlencode= delegation= digest disable disable-eprt disable-epsv disallow-username-in-url dns-interface= dns-ipv4-addr= dns-ipv6-addr= dns-servers= doh-cert-status doh-insecure doh-url= dump-header= egd-file= engine= etag-compare= etag-save= expect100-timeout= fail fail-early fail-with-body false-start form= form-escape form-string= ftp-account= ftp-alternative-to-user= ftp-create-dirs ftp-method= ftp-pasv ftp-port= ftp-pret ftp-skip-pasv-ip ftp-ssl-ccc ftp-ssl-ccc-mode= ftp-ssl-control get globoff happy-eyeballs-timeout-ms= haproxy-clientip= haproxy-protocol head header= help hostpubmd5= hostpubsha256= hsts= http0.9 http1.0 http1.1 http2 http2-prior-knowledge http3 http3-only ignore-content-length include insecure interface= ip-tos= ipfs-gateway= ipv4 ipv6 json= junk-session-cookies keepalive-time= key= key-type= krb= libcurl= limit-rate= list-only local-port= location location-trusted login-options= mail-auth= mail-from= mail-rcpt= mail-rcpt-allowfails manual max-filesize= max-redirs= max-time= metalink negotiate netrc netrc-file= netrc-optional next no-alpn no-buffer no-clobber no-keepalive no-npn no-progress-meter no-sessionid noproxy= ntlm ntlm-wb oauth2-bearer= output= output-dir= parallel parallel-immediate parallel-max= pass= path-as-is pinnedpubkey= post301 post302 post303 preproxy= progress-bar proto= proto-default= proto-redir= proxy= proxy-anyauth proxy-basic proxy-cacert= proxy-capath= proxy-cert= proxy-cert-type= proxy-ciphers= proxy-crlfile= proxy-digest proxy-header= proxy-http2 proxy-insecure proxy-key= proxy-key-type= proxy-negotiate proxy-ntlm proxy-pass= proxy-pinnedpubkey= proxy-service-name= proxy-ssl-allow-beast proxy-ssl-auto-client-cert proxy-tls13-ciphers= proxy-tlsauthtype= proxy-tlspassword= proxy-tlsuser= proxy-tlsv1 proxy-user= proxy1.0= proxytunnel pubkey= quote= random-file= range= rate= raw referer= remote-header-name remote-name remote-name-all remote-time remove-on-error request= request-target= resolve= retry= retry-all-errors retry-connrefused retry-delay= retry-max-time= sasl-authzid= sasl-ir service-name= show-error silent socks4= socks4a= socks5= socks5-basic socks5-gssapi socks5-gssapi-nec socks5-gssapi-service= socks5-hostname= speed-limit= speed-time= ssl ssl-allow-beast ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort sslv2 sslv3 stderr= styled-output suppress-connect-headers tcp-fastopen tcp-nodelay telnet-option= tftp-blksize= tftp-no-options time-cond= tls-max= tls13-ciphers= tlsauthtype= tlspassword= tlsuser= tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace= trace-ascii= trace-config= trace-ids trace-time unix-socket= upload-file= url= url-query= use-ascii user= user-agent= variable= verbose version write-out= xattr',
  ),
  operands: { rest: 'text' },
  does: ['network'],
  effects: {
    o: ['writes'],
    output: ['writes'],
    O: ['writes'],
    'remote-name': ['writes'],
    'remote-name-all': ['writes'],
    'output-dir': ['writes'],
    D: ['writes'],
    'dump-header': ['writes'],
    c: ['writes'],
    'cookie-jar': ['writes'],
    'etag-save': ['writes'],
    'alt-svc': ['reads', 'writes'],
    hsts: ['reads', 'writes'],
    libcurl: ['writes'],
    stderr: ['writes'],
    trace: ['writes'],
    'trace-ascii': ['writes'],
    T: ['reads'],
    'upload-file': ['reads'],
    K: ['reads'],
    config: ['reads'],
  },
  note: 'a long option takes its value as the next word (`--output=x` is refused by curl, read as a write here)',
};

const WGET: ProgramEntry = {
  name: 'wget',
  family: 'network',
  readOnly: false,
  shorts: 'Vhbe:o:a:dqvn:i:FB:t:O:cNST:w:Q:46xP:EkKmprl:A:R:D:HLI:X:U:',
  longs: words(
    'version help background execute= output-file= append-output= debug quiet verbose no-verbose report-speed= input-file= force-html base= config= no-config rejected-log= bind-address= tries= retry-connrefused retry-on-http-error= output-document= no-clobber no-netrc continue start-pos= progress= show-progress timestamping no-if-modified-since no-use-server-timestamps server-response spider timeout= dns-timeout= connect-timeout= read-timeout= wait= waitretry= random-wait no-proxy quota= limit-rate= no-dns-cache restrict-file-names= inet4-only inet6-only prefer-family= user= password= ask-password use-askpass= no-iri local-encoding= remote-encoding= unlink xattr force-directories no-directories no-host-directories protocol-directories cut-dirs= directory-prefix= default-page= adjust-extension http-user= http-password= no-http-keep-alive no-cache no-cookies load-cookies= save-cookies= keep-session-cookies ignore-length header= compression= max-redirect= proxy-user= proxy-password= referer= save-headers user-agent= post-data= post-file= method= body-data= body-file= content-disposition content-on-error trust-server-names auth-no-challenge secure-protocol= https-only no-check-certificate certificate= certificate-type= private-key= private-key-type= ca-certificate= ca-directory= crl-file= pinnedpubkey= random-file= egd-file= ciphers= no-hsts hsts-file= ftp-user= ftp-password= no-remove-listing no-glob no-passive-ftp preserve-permissions retr-symlinks recursive level= delete-after convert-links convert-file-only backup-converted backups= mirror page-requisites strict-comments accept= reject= accept-regex= reject-regex= regex-type= domains= exclude-domains= follow-ftp follow-tags= ignore-tags= ignore-case span-hosts relative include-directories= exclude-directories= no-parent',
  ),
  abbreviations: true,
  operands: { rest: 'text' },
  does: ['network', 'writes'],
  effects: {
    O: ['writes'],
    'output-document': ['writes'],
    o: ['writes'],
    'output-file': ['writes'],
    a: ['writes'],
    'append-output': ['writes'],
    P: ['writes'],
    'directory-prefix': ['writes'],
    'save-cookies': ['writes'],
    'hsts-file': ['reads', 'writes'],
    'rejected-log': ['writes'],
    e: ['runs'],
    execute: ['runs'],
    config: ['reads', 'runs'],
    i: ['reads'],
    'input-file': ['reads'],
    'load-cookies': ['reads'],
    'post-file': ['reads'],
    'body-file': ['reads'],
  },
  note: '`-nv`, `-nc`, `-nd`, `-nH`, `-np` are `-n` with the letters after it',
};

/** HTTPie (`http`, `https`) and xh (`xh`, `xhs`), whose options are HTTPie's. */
const httpie = (name: string): ProgramEntry => ({
  name,
  family: 'network',
  readOnly: false,
  shorts: 'jfxs:p:hmbvSo:dcqa:A:FI',
  longs: words(
    'json form multipart boundary= raw= compress pretty= style= unsorted sorted response-charset= response-mime= format-options= print= headers meta body verbose all stream output= download continue quiet session= session-read-only= auth= auth-type= ignore-netrc offline proxy= follow max-redirects= max-headers= timeout= check-status path-as-is chunked verify= ssl= ciphers= cert= cert-key= cert-key-pass= ignore-stdin help manual version traceback default-scheme= debug',
  ),
  abbreviations: true,
  // `[METHOD] URL [REQUEST_ITEM…]`: `field=value`, `field:=json`, `Header:value`, `field@file`.
  operands: { rest: 'text' },
  does: ['network'],
  effects: {
    o: ['writes'],
    output: ['writes'],
    d: ['writes'],
    download: ['writes'],
    session: ['reads', 'writes'],
    'session-read-only': ['reads'],
  },
});

const ARIA2C: ProgramEntry = {
  name: 'aria2c',
  family: 'network',
  readOnly: false,
  shorts: 'd:o:i:s:x:k:j:l:cqvZ',
  longs: words(
    'dir= out= input-file= split= max-connection-per-server= min-split-size= max-concurrent-downloads= log= continue=? quiet=? version help=? force-sequential=? header= user-agent= referer= check-certificate=? all-proxy= max-tries= retry-wait= timeout= conditional-get=? allow-overwrite=? auto-file-renaming=? dry-run=? seed-time= summary-interval= console-log-level= file-allocation= on-download-complete= on-download-error= on-download-start= on-download-stop= on-download-pause= on-bt-download-complete= conf-path=',
  ),
  operands: { rest: 'text' },
  does: ['network', 'writes'],
  effects: {
    d: ['writes'],
    dir: ['writes'],
    o: ['writes'],
    out: ['writes'],
    l: ['writes'],
    log: ['writes'],
    i: ['reads'],
    'input-file': ['reads'],
    'conf-path': ['reads', 'runs'],
    'on-download-complete': ['runs'],
    'on-download-error': ['runs'],
    'on-download-start': ['runs'],
    'on-download-stop': ['runs'],
    'on-download-pause': ['runs'],
    'on-bt-download-complete': ['runs'],
  },
};

const SCP: ProgramEntry = {
  name: 'scp',
  family: 'network',
  readOnly: false,
  shorts: '346ABCOpqRrsTvc:D:F:i:J:l:o:P:S:X:',
  longs: [],
  // Sources, then the destination (`host:path` is on another machine).
  operands: { rest: 'reads' },
  does: ['network', 'writes'],
  effects: { S: ['runs'], D: ['runs'], F: ['reads'], i: ['reads'], o: ['runs'] },
};

const RSYNC: ProgramEntry = {
  name: 'rsync',
  family: 'network',
  readOnly: false,
  shorts: 'vqcarRbulLkKHpEAXogDtUNOJSnWxdCzhiP0468M:e:f:FT:B:ymIsV@:',
  longs: words(
    'verbose info= debug= stderr= quiet no-motd checksum archive recursive relative no-implied-dirs backup backup-dir= suffix= update inplace append append-verify dirs old-dirs mkpath links copy-links copy-unsafe-links safe-links munge-links copy-dirlinks keep-dirlinks hard-links perms executability chmod= acls xattrs owner group devices copy-devices write-devices specials times atimes open-noatime crtimes omit-dir-times omit-link-times super fake-super sparse preallocate dry-run whole-file no-whole-file checksum-choice= one-file-system block-size= rsh= rsync-path= existing ignore-existing remove-source-files delete delete-before delete-during delete-delay delete-after delete-excluded ignore-missing-args delete-missing-args ignore-errors force max-delete= max-size= min-size= max-alloc= partial partial-dir= delay-updates prune-empty-dirs numeric-ids usermap= groupmap= chown= timeout= contimeout= ignore-times size-only modify-window= temp-dir= fuzzy compare-dest= copy-dest= link-dest= compress compress-choice= compress-level= skip-compress= cvs-exclude filter= exclude= exclude-from= include= include-from= files-from= from0 old-args secluded-args protect-args trust-sender copy-as= address= port= sockopts= blocking-io outbuf= stats 8-bit-output human-readable progress itemize-changes remote-option= out-format= log-file= log-file-format= password-file= early-input= list-only bwlimit= stop-after= stop-at= fsync write-batch= only-write-batch= read-batch= protocol= iconv= checksum-seed= ipv4 ipv6 version help no-perms no-owner no-group no-times no-recursive no-relative no-links no-devices no-specials no-inc-recursive no-compress',
  ),
  abbreviations: true,
  operands: { rest: 'reads' },
  does: ['network', 'writes'],
  effects: {
    e: ['runs'],
    rsh: ['runs'],
    'rsync-path': ['runs'],
    'log-file': ['writes'],
    'write-batch': ['writes'],
    'only-write-batch': ['writes'],
    'backup-dir': ['writes'],
    'partial-dir': ['writes'],
    'temp-dir': ['writes'],
    delete: ['writes'],
    'delete-before': ['writes'],
    'delete-during': ['writes'],
    'delete-delay': ['writes'],
    'delete-after': ['writes'],
    'delete-excluded': ['writes'],
    'remove-source-files': ['writes'],
    'files-from': ['reads'],
    'exclude-from': ['reads'],
    'include-from': ['reads'],
    'password-file': ['reads'],
    'read-batch': ['reads'],
  },
};

const SSH: ProgramEntry = {
  name: 'ssh',
  family: 'network',
  readOnly: false,
  shorts: '46AaCfGgKkMNnqsTtVvXxYyB:b:c:D:E:e:F:I:i:J:L:l:m:O:o:p:Q:R:S:W:w:',
  longs: [],
  // `[user@]host`, then the command it runs there (its words joined for the remote shell).
  operands: { positions: ['text'], rest: 'command' },
  does: ['network'],
  effects: { o: ['runs'], F: ['reads', 'runs'], E: ['writes'], i: ['reads'] },
  note: '`-o ProxyCommand=…`, `LocalCommand` and a config file (`-F`) run programs here',
};

const MOSH: ProgramEntry = {
  name: 'mosh',
  family: 'network',
  readOnly: false,
  shorts: 'an46p:',
  longs: words(
    'client= server= ssh= predict= predict-overwrite family= port= bind-server= no-ssh-pty no-init experimental-remote-ip= local help version',
  ),
  operands: { positions: ['text'], rest: 'command' },
  does: ['network'],
  effects: { client: ['runs'], server: ['runs'], ssh: ['runs'] },
};

/** netcat's spellings differ: the entry holds the options of OpenBSD's and the traditional one's. */
const NC = (name: string): ProgramEntry => ({
  name,
  family: 'network',
  readOnly: false,
  shorts: '46bCDdFhklNnrStUuvzZLI:i:M:m:O:P:p:q:s:T:V:W:w:X:x:e:c:g:G:o:',
  longs: [],
  operands: { rest: 'text' },
  does: ['network'],
  effects: { e: ['runs'], c: ['runs'], o: ['writes'] },
  note: "OpenBSD's and the traditional netcat's options together; `-e`/`-c` are read as the traditional ones, which run a program",
});

const NCAT: ProgramEntry = {
  name: 'ncat',
  family: 'network',
  readOnly: false,
  shorts: '46UClknuvzhp:s:w:i:e:c:o:x:m:d:g:G:',
  longs: words(
    'exec= sh-exec= lua-exec= listen keep-open udp sctp unixsock vsock ssl ssl-cert= ssl-key= ssl-verify ssl-trustfile= ssl-ciphers= ssl-alpn= verbose wait= idle-timeout= delay= source= source-port= output= hex-dump= append-output send-only recv-only nodns no-shutdown broker chat allow= allowfile= deny= denyfile= max-conns= proxy= proxy-type= proxy-auth= proxy-dns= crlf telnet zero-io version help',
  ),
  abbreviations: true,
  operands: { rest: 'text' },
  does: ['network'],
  effects: {
    e: ['runs'],
    exec: ['runs'],
    c: ['runs'],
    'sh-exec': ['runs'],
    'lua-exec': ['runs'],
    o: ['writes'],
    output: ['writes'],
    x: ['writes'],
    'hex-dump': ['writes'],
  },
};

const SOCAT: ProgramEntry = {
  name: 'socat',
  family: 'network',
  readOnly: false,
  shorts: 'VhdDvxb:st:T:uUgL:W:46l::',
  longs: [],
  // Two addresses: `EXEC:…` and `SYSTEM:…` run programs.
  operands: { rest: 'text' },
  does: ['network'],
  note: '`-lf FILE`, `-lp NAME` are read as `-l` with its letter; the word after is taken for an address',
};

/** Programs the rater rates the same whatever their words: their grammar, for the parser. */
const lookup = (name: string, shorts: string, longs = '', note?: string): ProgramEntry => ({
  name,
  family: 'network',
  readOnly: false,
  shorts,
  longs: longs === '' ? [] : words(longs),
  operands: { rest: 'text' },
  does: ['network'],
  ...(note === undefined ? {} : { note }),
});

export const NETWORK_PROGRAMS: readonly ProgramEntry[] = [
  CURL,
  WGET,
  httpie('http'),
  httpie('https'),
  httpie('xh'),
  httpie('xhs'),
  ARIA2C,
  SCP,
  RSYNC,
  SSH,
  MOSH,
  NC('nc'),
  NC('netcat'),
  NCAT,
  SOCAT,
  lookup('sftp', '46aCfNpqrvb:B:c:D:F:i:J:l:o:P:R:s:S:X:'),
  lookup('ftp', '46pAaginvedtVs:'),
  lookup('telnet', '78EFKLacdfrxb:e:l:n:k:X:'),
  lookup('ping', 'aAbBdDfhLnOqrRUvV46c:F:i:I:l:m:M:N:w:W:p:Q:s:S:t:T:'),
  lookup('ping6', 'aAbBdDfhLnOqrRUvV46c:F:i:I:l:m:M:N:w:W:p:Q:s:S:t:T:'),
  lookup('dig', '46dhimruvb:c:f:k:p:q:t:x:y:', '', '`+opt` words and `@server` are operands'),
  lookup('host', 'aACdlrsTUvVw46c:N:R:t:W:m:'),
  { ...lookup('nslookup', '', '', 'its `-option=value` words are read as operands'), freeform: true },
  lookup(
    'traceroute',
    '46dFInrUTeAM:f:g:i:m:N:p:t:l:q:s:w:z:',
    'icmp tcp udp udplite sport= fwmark= mtu back help version',
  ),
  lookup('whois', 'aAbBcdfGHIKlLmMrxg:i:s:T:t:v:q:h:p:', 'verbose help version'),
];
