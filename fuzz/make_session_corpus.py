#!/usr/bin/env python3
"""Writes the seed corpora of ws_session_fuzz and http_fuzz (fuzz/corpus/<target>/).

Frames are masked with the key 0 (so placeholders stay readable and are substituted by the
targets, see fuzz/server_fixture.h) except where a seed says otherwise.
Run: python3 fuzz/make_session_corpus.py fuzz/corpus
"""
import json
import os
import struct
import sys

CODE = "@CODE@"
TOKEN = "@TOKEN" + "@" * 26


def frame(payload, opcode=1, fin=True, key=b"\0\0\0\0"):
    if isinstance(payload, str):
        payload = payload.encode()
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return head + key + masked


def msg(**fields):
    return frame(json.dumps(fields))


def close(code=1000):
    return frame(struct.pack(">H", code), opcode=8)


WS = {
    "play": [msg(type="join", code=CODE, token=TOKEN, name="Ana"),
             msg(type="act", id="a1", action={"type": "end_turn"}),
             msg(type="resync", id="r1"), msg(type="history", id="h1"),
             msg(type="draw", id="d1", offer=True), close()],
    "spectate": [msg(type="join", code=CODE, **{"as": "spectator"}, version=0),
                 msg(type="watch_list", preview=True), msg(type="ping", t=3), close()],
    "end": [msg(type="join", code=CODE, token=TOKEN), msg(type="resign", id="x"),
            msg(type="rematch", id="y"), msg(type="abort", id="z"), close(1001)],
    "errors": [frame("{not json"), msg(type="dance"), msg(type="act", id=1),
               msg(type="join"), msg(type="join", code="ZZZZZZ"), frame(b"\x01\x02", opcode=2)],
    "fragments": [frame('{"type":"join","co', fin=False), frame(b"", opcode=9),
                  frame('de":"' + CODE + '","token":"', opcode=0, fin=False),
                  frame(TOKEN + '"}', opcode=0), msg(type="act", id=2, action={"type": "end_turn"})],
    "keyed": [frame(json.dumps({"type": "ping", "t": 1}), key=b"\x37\xfa\x21\x3d"),
              frame("ping", opcode=9, key=b"\x01\x02\x03\x04"), close()],
}


def http(method, target, body=None, headers=()):
    lines = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1"] + list(headers)
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n" + (body or "")).encode()


def chunked(method, target, body):
    head = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
            "Transfer-Encoding: chunked"]
    half = len(body) // 2
    parts = [body[:half], body[half:]]
    chunks = "".join(f"{len(p):x}\r\n{p}\r\n" for p in parts) + "0\r\n\r\n"
    return ("\r\n".join(head) + "\r\n\r\n" + chunks).encode()


UPGRADE = ["Upgrade: websocket", "Connection: Upgrade",
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]

HTTP = {
    "health": [http("GET", "/healthz"), http("GET", "/metrics"), http("HEAD", "/")],
    "create": [http("POST", "/api/matches", json.dumps({"game": "taixu", "public": True}))],
    "list": [http("GET", "/api/matches?status=open&game=taixu&preview=1"),
             http("GET", "/api/matches?preview=2")],
    "match": [http("GET", f"/api/matches/{CODE}"), http("GET", f"/api/matches/{CODE}/log?from=0"),
              http("GET", f"/m/{CODE}")],
    "options": [http("OPTIONS", "/api/matches"), http("OPTIONS", "/api/nothing"),
                http("DELETE", "/index.html")],
    "clock": [http("POST", "/api/test/clock", json.dumps({"advance_ms": 1000}))],
    "upgrade": [http("GET", "/ws", headers=UPGRADE),
                msg(type="join", code=CODE, token=TOKEN), msg(type="resync", id=1), close()],
    "bad_upgrade": [http("GET", "/elsewhere", headers=UPGRADE),
                    http("GET", "/ws", headers=UPGRADE + ["Origin: http://evil.example"])],
    "close": [http("GET", "/healthz", headers=["Connection: close"]), http("GET", "/healthz")],
    "publish": [http("POST", "/api/matches/publish", json.dumps(
                    {"game": "cyvasse", "seed": "7", "actions": [], "end": {"type": "resign", "seat": 1},
                     "names": {"2": "Ana"}})),
                chunked("POST", "/api/matches/publish", json.dumps(
                    {"game": "taixu", "seed": "1", "actions": [{"seat": 1, "action": {"type": "end_turn"}}]})),
                http("OPTIONS", "/api/matches/publish")],
}


def write(root, target, seeds):
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    for name, parts in seeds.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(b"".join(parts))


if __name__ == "__main__":
    root = sys.argv[1] if len(sys.argv) > 1 else "fuzz/corpus"
    write(root, "ws_session_fuzz", WS)
    write(root, "http_fuzz", HTTP)
