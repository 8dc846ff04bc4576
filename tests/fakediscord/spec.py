"""The OpenAPI oracle: is a request one that Discord's published API description accepts?

Each request is matched to a path template of ``spec/openapi.json`` (Discord's own OpenAPI 3.1
description) and its method; path parameters and the JSON body (for multipart requests, the
``payload_json`` part) are validated with ``jsonschema`` (draft 2020-12, the dialect of OpenAPI
3.1) through a ``referencing`` registry holding the whole spec.

The one shim: discord.py sends some snowflakes (attachment ids, ``allowed_mentions.users``) as JSON
integers, which the live API accepts but the spec types as decimal strings. ``SnowflakeType`` is
therefore widened to "decimal string or non-negative integer", which is the same as converting
integer snowflakes to strings before validating. Nothing else is relaxed. Query strings are not
checked (their values arrive as text).

For speed, unions told apart by a ``type`` tag (message components, callback bodies) and
enumerations written as ``oneOf`` of ``const`` are rewritten into equivalent schemas that try one
alternative instead of all (same verdicts; see ``_dispatch_tagged_unions``).

One limit is added because the spec is looser than Discord's documentation: a bot's channel message
``content`` is at most 2000 characters (the spec allows 4000, the limit for Nitro users).
"""

from __future__ import annotations

import copy
import json
import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("spec") / "openapi.json"
SPEC_URI = "urn:discord-api-spec:openapi.json"
_METHODS = ("get", "put", "post", "patch", "delete")


@dataclass(frozen=True)
class _Template:
    template: str
    pattern: re.Pattern[str]
    names: tuple[str, ...]
    literal_segments: int  # more literal segments = more specific ("@original" beats "{id}")


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _is_other_alternative(error: ValidationError) -> bool:
    """True if this failure only says "the body is another variant" (wrong JSON type, or a
    different ``type`` discriminator), so the alternative it belongs to was not the intended one."""
    path = list(error.relative_path)
    return (error.validator == "type" and not path) or (
        error.validator in ("enum", "const") and path == ["type"]
    )


def _explain(error: ValidationError) -> ValidationError:
    """Descend through ``anyOf``/``oneOf`` failures into the one alternative the body meant."""
    while error.context:
        branches: dict[Any, list[ValidationError]] = defaultdict(list)
        for sub in error.context:
            branches[sub.relative_schema_path[0]].append(sub)
        intended = [errs for errs in branches.values() if not any(map(_is_other_alternative, errs))]
        candidates = [e for e in map(best_match, intended) if e is not None]
        if not candidates:
            break
        # Several plausible alternatives: the one that got furthest into the body explains best.
        error = max(candidates, key=lambda e: len(e.absolute_path))
    return error


def _describe(error: ValidationError) -> str:
    """The validator's message with a long offending value abbreviated."""
    message, shown = error.message, repr(error.instance)
    if len(shown) > 60 and message.startswith(shown):
        size = f"{len(error.instance)} items" if isinstance(error.instance, list | dict) else ""
        if isinstance(error.instance, str):
            size = f"{len(error.instance)} characters"
        message = f"{shown[:40]}...({size}){message[len(shown) :]}"
    return message


BOT_CONTENT_LIMIT = 2000


def _documented_limits(template: str, body: Any) -> list[str]:
    if template.startswith("/channels/{channel_id}/messages") and isinstance(body, dict):
        content = body.get("content")
        if isinstance(content, str) and len(content) > BOT_CONTENT_LIMIT:
            return [f"body/content: {len(content)} characters, a bot may send {BOT_CONTENT_LIMIT}"]
    return []


def _tags(spec: Mapping[str, Any], alternative: Any) -> list[Any] | None:
    """The ``type`` values an alternative accepts, if it is an object schema that requires a
    ``type`` property restricted by ``enum``/``const``; else None."""
    if not isinstance(alternative, dict) or set(alternative) != {"$ref"}:
        return None
    ref = alternative["$ref"]
    if not ref.startswith("#/components/schemas/"):
        return None
    target = spec["components"]["schemas"].get(ref.rsplit("/", 1)[1], {})
    if target.get("type") != "object" or "type" not in target.get("required", []):
        return None
    tag = target.get("properties", {}).get("type", {})
    values = tag.get("enum") or ([tag["const"]] if "const" in tag else None)
    return list(values) if values else None


_ANNOTATED_CONST = {"const", "title", "description", "deprecated"}


def _dispatch_tagged_unions(spec: Mapping[str, Any], node: Any) -> None:
    """Rewrite each ``anyOf``/``oneOf`` of object schemas told apart by disjoint ``type`` values
    (message components, callback bodies) into "``type`` is one of them, and the alternative
    with that ``type`` holds". For such unions this accepts exactly what the union accepts
    (at most one alternative can match), but validates one alternative instead of all of them,
    which makes checking a component-heavy message several times faster, and errors name that
    alternative. Enumerations written as ``oneOf`` of ``const`` become ``enum`` likewise."""
    if isinstance(node, list):
        for item in node:
            _dispatch_tagged_unions(spec, item)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _dispatch_tagged_unions(spec, value)
    for keyword in ("anyOf", "oneOf"):
        alternatives = node.get(keyword)
        if not isinstance(alternatives, list) or len(alternatives) < 2:
            continue
        # Enumerations are written as oneOf of {"const": value, "title": ...}: an enum says the
        # same (the values are distinct) without trying every alternative.
        if all(
            isinstance(a, dict) and "const" in a and set(a) <= _ANNOTATED_CONST
            for a in alternatives
        ):
            values = [a["const"] for a in alternatives]
            if len({(type(v), json.dumps(v)) for v in values}) == len(values):
                del node[keyword]
                node["allOf"] = [*node.get("allOf", []), {"enum": values}]
            continue
        tags = [_tags(spec, alt) for alt in alternatives]
        flat = [t for ts in tags if ts is not None for t in ts]
        if any(ts is None for ts in tags) or len(flat) != len(set(flat)):
            continue
        cases = [
            {"if": {"properties": {"type": {"enum": ts}}}, "then": alt}
            for alt, ts in zip(alternatives, tags, strict=True)
        ]
        dispatch = {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": flat}},
            "allOf": cases,
        }
        del node[keyword]
        node["allOf"] = [*node.get("allOf", []), dispatch]


class SpecChecker:
    """Validates requests against one OpenAPI document; validators are built once per route."""

    def __init__(self, spec: Mapping[str, Any], *, fast_unions: bool = True) -> None:
        shimmed = copy.deepcopy(dict(spec))
        snowflake = shimmed["components"]["schemas"]["SnowflakeType"]
        shimmed["components"]["schemas"]["SnowflakeType"] = {
            "anyOf": [snowflake, {"type": "integer", "minimum": 0}]
        }
        self.spec = shimmed
        if fast_unions:
            _dispatch_tagged_unions(shimmed, shimmed)
        resource = Resource(contents=shimmed, specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        self._templates = sorted(
            (self._compile(t) for t in shimmed["paths"]),
            key=lambda t: -t.literal_segments,
        )
        self._validators: dict[str, Draft202012Validator] = {}

    @staticmethod
    def _compile(template: str) -> _Template:
        names = tuple(re.findall(r"\{([^}]+)\}", template))
        regex = re.sub(r"\\\{[^}]+\\\}", "([^/]+)", re.escape(template))
        literals = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
        return _Template(template, re.compile(f"^{regex}$"), names, literals)

    def match(self, path: str) -> tuple[str, dict[str, str]] | None:
        """The spec's template for a concrete path (``/channels/1/messages``) and its parameters."""
        for t in self._templates:
            m = t.pattern.match(path)
            if m:
                return t.template, dict(zip(t.names, m.groups(), strict=True))
        return None

    def _validator(self, pointer: str) -> Draft202012Validator:
        validator = self._validators.get(pointer)
        if validator is None:
            validator = Draft202012Validator(
                {"$ref": f"{SPEC_URI}#/{pointer}"}, registry=self.registry
            )
            self._validators[pointer] = validator
        return validator

    def _errors(self, pointer: str, instance: Any, where: str) -> list[str]:
        error = best_match(self._validator(pointer).iter_errors(instance))
        if error is None:
            return []
        error = _explain(error)
        location = where + "".join(f"/{p}" for p in error.absolute_path)
        return [f"{location}: {_describe(error)}"]

    def check(self, method: str, path: str, body: Any = None) -> tuple[str | None, list[str]]:
        """``(template, problems)``: an empty list means the spec accepts the request."""
        found = self.match(path)
        if found is None:
            return None, [f"{method} {path}: no such path in Discord's API"]
        template, params = found
        operations = self.spec["paths"][template]
        op = operations.get(method.lower())
        if op is None:
            allowed = sorted(m.upper() for m in _METHODS if m in operations)
            return template, [f"{method} {template}: method not in Discord's API (only {allowed})"]
        problems: list[str] = []
        for base, declared in (
            (("paths", template), operations.get("parameters", [])),
            (("paths", template, method.lower()), op.get("parameters", [])),
        ):
            for index, param in enumerate(declared):
                name = param.get("name")
                if param.get("in") == "path" and name in params and "schema" in param:
                    pointer = _pointer(*base, "parameters", str(index), "schema")
                    problems += self._errors(pointer, params[name], f"path {{{name}}}")
        if body is not None:
            content = op.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                problems.append(f"{method} {template}: sends a body but the API takes none")
            else:
                pointer = _pointer(
                    "paths", template, method.lower(), "requestBody", "content", "application/json"
                )
                problems += self._errors(pointer + "/schema", body, "body")
                problems += _documented_limits(template, body)
        return template, [f"{method} {template} {p}" for p in problems]

    def check_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """Problems with a response (the fake's own answers are checked with this in its tests)."""
        found = self.match(path)
        op = self.spec["paths"][found[0]].get(method.lower()) if found else None
        if found is None or op is None:
            return []
        responses = op.get("responses", {})
        key = next((k for k in (str(status), f"{status // 100}XX") if k in responses), None)
        if key is None:
            return [f"{method} {found[0]} answered {status}, not one of {sorted(responses)}"]
        content = responses[key].get("content", {})
        if body is None or "application/json" not in content:
            return []
        pointer = _pointer("paths", found[0], method.lower(), "responses", key, "content")
        problems = self._errors(pointer + "/application~1json/schema", body, "response")
        return [f"{method} {found[0]} {p}" for p in problems]


@cache
def default_checker() -> SpecChecker:
    """The checker for the bundled ``spec/openapi.json`` (loaded once per test session)."""
    return SpecChecker(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
