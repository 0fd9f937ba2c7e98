"""Runs every console example in README.md and compares its output with the README's text.

A fenced block (``` or ```console, not ```sh, which lists commands to adapt) whose lines
start with `$ ` is a transcript: each `$ ` line is a command (a line ending in a backslash
goes on to the next), and the lines up to the next `$ ` line are what it prints, stdout and
stderr together as a terminal shows them. A block runs as one shell script in the
repository root (with no user view file: HOME is an empty folder), so `echo $?` tells the status of the command before it. `listview` is the
binary named by the first argument. Prints each difference and exits 1 when there is one;
prints the number of commands checked and exits 0 otherwise.
"""
import os
import shutil
import subprocess
import sys
import tempfile

binary, root = sys.argv[1], sys.argv[2]
lines = open(os.path.join(root, "README.md"), encoding="utf-8").read().split("\n")

blocks = []
index = 0
while index < len(lines):
    if lines[index].startswith("```"):
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        fence, body = lines[index][3:].strip(), lines[index + 1:end]
        if fence in ("", "console") and any(line.startswith("$ ") for line in body):
            blocks.append((index + 1, body))
        index = end + 1
    else:
        index += 1

bin_dir = tempfile.mkdtemp(prefix="listview-readme-")
os.symlink(os.path.abspath(binary), os.path.join(bin_dir, "listview"))
environment = {"PATH": bin_dir + ":/usr/bin:/bin", "COLUMNS": "100", "LINES": "24", "NO_COLOR": "1",
               "LC_ALL": "C.UTF-8", "TERM": "dumb", "HOME": bin_dir, "XDG_CONFIG_HOME": bin_dir}

differences, checked = [], 0
for line_number, body in blocks:
    commands, position = [], 0
    while position < len(body):
        if not body[position].startswith("$ "):
            position += 1
            continue
        command = body[position][2:]
        position += 1
        while command.endswith("\\") and position < len(body):
            command += "\n" + body[position]
            position += 1
        output = []
        while position < len(body) and not body[position].startswith("$ "):
            output.append(body[position])
            position += 1
        commands.append((command, "\n".join(output).rstrip("\n")))
    script = "exec 2>&1\n"
    for number, (command, _) in enumerate(commands):
        script += f"status=$?; printf '\\036{number}\\n'; (exit $status); {command}\n"
    run = subprocess.run(["sh", "-c", script], cwd=root, env=environment, capture_output=True,
                         stdin=subprocess.DEVNULL, timeout=120)
    pieces = run.stdout.decode("utf-8", "replace").split("\036")[1:]
    for number, (command, expected) in enumerate(commands):
        checked += 1
        got = pieces[number].split("\n", 1)[1].rstrip("\n") if number < len(pieces) else "(no output)"
        if got != expected:
            differences.append(f"README.md:{line_number}: $ {command}\n--- README shows\n{expected}\n--- it prints\n{got}")

shutil.rmtree(bin_dir)
if differences:
    print("\n\n".join(differences))
    sys.exit(1)
print(f"{checked} README commands print what the README shows")
