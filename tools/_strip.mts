import http from 'node:http';
const site = 'http://127.0.0.1:3400';
const mode = process.argv[2] ?? 'strip';
http.createServer(async (req, res) => {
  if (req.headers.accept?.includes('text/html') || req.url === '/' || !req.url!.includes('.')) {
    const r = await fetch(site + req.url);
    let html = await r.text();
    if (mode === 'strip') html = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
    if (mode === 'nopreload') html = html.replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
    res.writeHead(r.status, { 'content-type': 'text/html; charset=utf-8' }); res.end(html); return;
  }
  const up = http.request(site + req.url, { headers: req.headers }, (u) => { res.writeHead(u.statusCode!, u.headers); u.pipe(res); });
  up.end();
}).listen(Number(process.argv[3] ?? 3402));
