"""A WebSocket client written on a bare socket, for clients no library would be: one that
never reads, one that floods, one that sends binary frames. Frames are masked as RFC 6455
requires of clients; only what the tests need is here."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct


class RawSocket:
    """A client WebSocket with a small receive buffer that reads only when asked."""

    def __init__(self, port: int, path: str, rcvbuf: int = 4096, origin: str | None = None) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: 127.0.0.1:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if origin:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = int(head.split(b" ", 2)[1]) if head else 0

    def send_frame(self, payload: bytes, opcode: int = 0x1) -> None:
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send_json(self, message: dict) -> None:
        self.send_frame(json.dumps(message).encode())

    def try_send_json(self, message: dict) -> bool:
        """Send without blocking; ``False`` when the socket is full or gone."""
        self.sock.setblocking(False)
        try:
            self.send_json(message)
            return True
        except OSError:
            return False
        finally:
            self.sock.setblocking(True)

    def _exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def recv_frame(self) -> tuple[int, bytes]:
        b1, b2 = self._exact(2)
        n = b2 & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._exact(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._exact(8))[0]
        return b1 & 0x0F, self._exact(n)

    def recv_json(self) -> dict:
        """The next text message (``{"closed": code}`` for a close frame)."""
        while True:
            opcode, payload = self.recv_frame()
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                return {"closed": code, "reason": payload[2:].decode(errors="replace")}

    def close(self) -> None:
        self.sock.close()
