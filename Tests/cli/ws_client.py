"""A small WebSocket client (RFC 6455) on a plain socket, for the serve tests: the live page's
`/live` and Chromium's DevTools protocol. Neither `websockets` nor `websocket-client` is on the
machine, and a client that sends text and reads whole text messages is all the tests need."""

import base64
import json
import os
import socket
import struct
import time
import urllib.parse


class Refused(Exception):
    """The server answered the upgrade request with something other than 101."""

    def __init__(self, status_line):
        super().__init__(status_line)
        self.status_line = status_line


class WebSocket:
    def __init__(self, url, timeout=10):
        parts = urllib.parse.urlsplit(url)
        path = parts.path + ("?" + parts.query if parts.query else "")
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Refused("connection closed during the upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status_line = head.split(b"\r\n", 1)[0].decode()
        if " 101 " not in status_line + " ":
            raise Refused(status_line)

    def send(self, text):
        """Sends one text message, masked as every client frame must be."""
        payload = text.encode()
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        """The next whole text message (pings are answered, continuation frames joined); None when
        the server closes."""
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                return None
            if opcode == 0x9:
                mask = os.urandom(4)
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask
                                  + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
                continue
            if opcode in (0x1, 0x0):
                message += payload
                if first & 0x80:
                    return message.decode()

    def messages_until(self, done, seconds=20):
        """Decoded JSON messages, read until `done(message)` is true for one; all of them."""
        seen = []
        deadline = time.time() + seconds
        while time.time() < deadline:
            text = self.receive()
            if text is None:
                break
            seen.append(json.loads(text))
            if done(seen[-1]):
                break
        return seen

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
