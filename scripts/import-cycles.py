#!/usr/bin/env python3
"""Import circles between the source files of each crate of the workspace.

Usage: scripts/import-cycles.py [--pairs] [ROOT]   (ROOT defaults to the repository root;
--pairs also prints the circles of two files, which do not change the exit status)

For every crate (a folder with a Cargo.toml and src/lib.rs or src/main.rs) the module tree
is read from its `mod x;` declarations, and a file depends on another when it names it by
a path: `use crate::a::b`, `use super::c::{d, e}`, `crate::a::f(...)` in code, or a child
module's name (`games::load`) in the file that declares it. A path to an item re-exported
by a module (`pub use plan::Plan` in run/mod.rs) leads to the file that defines it, and so
does a path into such an item (`crate::core::RuleProblem::lines`, a type's function or an
enum's variant); the `pub use` line itself is a dependency of the re-exporting file. Declaring a module
(`mod x;`) is ownership, not use, and adds no dependency. Inline modules (`mod tests {`)
belong to their file; `super::` inside them is the file itself.

Prints every strongly connected component of more than two files (an import circle),
each with the dependencies inside it, and exits with status 1 if there is one; otherwise
prints "no import circle of more than two files" and exits with status 0.
"""

import os
import re
import sys

PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)(::\{[^;]*?\})?")
USE_GROUP = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.S | re.M)
MOD_DECL = re.compile(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
INLINE_MOD = re.compile(r"^(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*\{")
PUB_USE = re.compile(r"^\s*pub(?:\([^)]*\))?\s+use\s+([^;]+);", re.S | re.M)
# The lab's `long_commands! { module { Variant(Options), … } … }` declares each `module`.
LONG_COMMANDS = re.compile(r"long_commands!\s*\{(.*?)\n\}", re.S)
LONG_COMMAND_MODULE = re.compile(r"^\s*(\w+)\s*\{", re.M)


def declared_modules(text):
    """The modules a file declares: `mod x;` lines, and the modules of a
    `long_commands!` invocation."""
    names = MOD_DECL.findall(text)
    for block in LONG_COMMANDS.findall(text):
        names += LONG_COMMAND_MODULE.findall(block)
    return names


def strip(text):
    """Source text without comments and string literals (kept line by line)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 8]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4] + "  "):
            m = re.match(r"'(\\[^']*|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Crate:
    def __init__(self, root, src_root):
        self.root = root
        self.files = {}  # module path (tuple) -> file path
        self.mods = {}  # file path -> module path
        self.text = {}
        self._walk((), src_root)

    def _walk(self, modpath, path):
        self.files[modpath] = path
        self.mods[path] = modpath
        with open(path, encoding="utf-8") as f:
            self.text[path] = strip(f.read())
        base = os.path.basename(path)
        if base in ("lib.rs", "main.rs", "mod.rs"):
            folder = os.path.dirname(path)
        else:
            folder = path[:-3]
        for name in declared_modules(self.text[path]):
            for cand in (os.path.join(folder, name + ".rs"), os.path.join(folder, name, "mod.rs")):
                if os.path.exists(cand):
                    self._walk(modpath + (name,), cand)
                    break

    def reexports(self, path):
        """name -> module path it is re-exported from (pub use lines of one file)."""
        out = {}
        mod = self.mods[path]
        for body in PUB_USE.findall(self.text[path]):
            for full in expand(body):
                parts = full.split("::")
                name = parts[-1]
                target = resolve_prefix(mod, parts[:-1], self, path)
                if target is not None and name not in ("*", "self"):
                    out[name] = target + (parts[-1],)
        return out

    def file_of(self, modpath, seen=None):
        """The file that defines the item at modpath (following re-exports)."""
        seen = seen or set()
        if modpath in self.files:
            return self.files[modpath]
        # longest module prefix that is a file
        for k in range(len(modpath) - 1, -1, -1):
            prefix = modpath[:k]
            if prefix in self.files:
                f = self.files[prefix]
                # modpath[k] is an item of f, or one f re-exports; what follows it
                # (`Type::method`, `Enum::Variant`) is inside that item
                if (f, modpath[k]) not in seen:
                    seen.add((f, modpath[k]))
                    re_ = self.reexports(f).get(modpath[k])
                    if re_ is not None:
                        return self.file_of(re_, seen)
                return f
        return None


def expand(body):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e'] (`as` renames dropped)."""
    body = re.sub(r"\s+", " ", body).strip()
    m = re.match(r"^(.*?)\{(.*)\}$", body)
    if not m:
        return [re.sub(r" as \w+$", "", body).replace(" ", "")]
    prefix, inner = m.group(1).strip(), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        p = p.strip()
        if not p:
            continue
        for e in expand(p):
            out.append(prefix.replace(" ", "") + e if e != "self" else prefix.rstrip(":").replace(" ", ""))
    return out


def resolve_prefix(mod, parts, crate, path, inline=0):
    """Module path named by `parts` (crate/super/self/child-module start) from module `mod`,
    `inline` levels deep in inline modules of its file."""
    if not parts:
        return mod
    here = mod + ("#inline",) * inline
    head, rest = parts[0], list(parts[1:])
    if head == "crate":
        cur = ()
    elif head == "self":
        cur = here
    elif head == "super":
        ups = 1
        while rest and rest[0] == "super":
            ups += 1
            rest = rest[1:]
        cur = here[: max(0, len(here) - ups)]
    elif mod + (head,) in crate.files:
        cur = mod + (head,)
    else:
        return None
    full = cur + tuple(rest)
    # an inline module's items are its file's
    while "#inline" in full:
        full = full[: full.index("#inline")]
    return full


def dependencies(crate, path):
    text = crate.text[path]
    mod = crate.mods[path]
    deps = set()
    lines = text.split("\n")
    inline = 0
    children = {m[-1] for m in crate.files if m[:-1] == mod and len(m) == len(mod) + 1}
    stmts = []  # (inline depth, text)
    # statements: use lines (possibly multi-line) and other lines
    buf, buf_inline = None, 0
    for line in lines:
        if INLINE_MOD.match(line):
            inline = 1
        elif inline and line.startswith("}"):
            inline = 0
        if buf is not None:
            buf += " " + line
            if ";" in line:
                stmts.append((buf_inline, buf))
                buf = None
            continue
        if re.match(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s", line) and ";" not in line:
            buf, buf_inline = line, inline
            continue
        stmts.append((inline, line))
    for depth, stmt in stmts:
        m = USE_GROUP.match(stmt)
        paths = []
        if m:
            paths = expand(m.group(1))
        else:
            for pm in PATH.finditer(stmt):
                paths.append(pm.group(1) + pm.group(2))
            for child in children:
                for cm in re.finditer(r"(?<![\w:])" + child + r"((?:::\w+)+)", stmt):
                    paths.append(child + cm.group(1))
        for p in paths:
            parts = [x for x in p.split("::") if x]
            if not parts:
                continue
            if parts[0] not in ("crate", "super", "self") and parts[0] not in children:
                continue
            target = resolve_prefix(mod, parts, crate, path, depth)
            if target is None:
                continue
            f = crate.file_of(target)
            if f and f != path:
                deps.add(f)
    return deps


def sccs(nodes, edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def crates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("target", ".git", "node_modules") and not d.startswith(".")]
        if "Cargo.toml" in filenames:
            for main in ("src/lib.rs", "src/main.rs"):
                p = os.path.join(dirpath, main)
                if os.path.exists(p):
                    yield dirpath, p


def main():
    args = sys.argv[1:]
    pairs = "--pairs" in args
    args = [a for a in args if a != "--pairs"]
    root = args[0] if args else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = 0
    for crate_dir, src in sorted(crates(root)):
        crate = Crate(crate_dir, src)
        edges = {f: dependencies(crate, f) for f in crate.mods}
        for comp in sccs(list(crate.mods), edges):
            if len(comp) < 2 or (len(comp) == 2 and not pairs):
                continue
            found += len(comp) > 2
            rel = lambda f: os.path.relpath(f, root)
            print(f"circle of {len(comp)} files in {os.path.relpath(crate_dir, root)}:")
            for f in comp:
                inside = sorted(rel(g) for g in edges[f] if g in comp)
                print(f"  {rel(f)} -> {', '.join(inside)}")
    if found:
        print(f"{found} import circle(s) of more than two files")
        return 1
    print("no import circle of more than two files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
