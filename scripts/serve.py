"""Serves a web build of Tessera as a static host would (scripts/web runs it): each file with
its type, and where the build wrote precompressed twins (FILE.br, FILE.gz) the smaller one the
browser takes, brotli- or gzip-encoded.

Usage: python3 scripts/serve.py PORT HOST DIR
"""
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def send_head(self):
        path = self.translate_path(self.path)
        taken = self.headers.get("Accept-Encoding", "")
        for suffix, encoding in ((".br", "br"), (".gz", "gzip")):
            twin = path + suffix
            if encoding in taken and os.path.isfile(path) and os.path.isfile(twin):
                f = open(twin, "rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return f
        return super().send_head()


if __name__ == "__main__":
    port, host, directory = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    handler = functools.partial(Handler, directory=directory)
    http.server.ThreadingHTTPServer((host, port), handler).serve_forever()
