"""The guides as a new user follows them (issue 17, item 18): commands that run as written, pointers to real guides."""

import re

from conftest import REPO

DOC_PATH = re.compile(r'\bdocs/[\w./-]+\.(?:md|rst)\b')


def code_lines(rst_text):
    """The lines of the code blocks of a reStructuredText guide."""
    lines, inside = [], False
    for line in rst_text.splitlines():
        if line.startswith('.. code-block::'):
            inside = True
        elif inside and line and not line.startswith(' '):
            inside = False
        elif inside and line.strip():
            lines.append(line.strip())
    return lines


def test_the_guides_start_the_emulator_by_a_path_that_exists_after_install():
    for guide in sorted((REPO / 'docs' / 'docsite' / 'rst').glob('*.rst')):
        bare = [line for line in code_lines(guide.read_text(encoding='utf-8')) if line.startswith('dashboard-emulator ')]
        assert not bare, '%s runs dashboard-emulator, which is not on PATH after make install: %s' % (guide.name, bare)


def test_the_awx_files_point_at_the_guide_itself_not_at_a_stub():
    for name in ('credential_type.yml', 'execution-environment.yml', 'requirements.yml'):
        for pointer in DOC_PATH.findall((REPO / 'docs' / 'awx' / name).read_text(encoding='utf-8')):
            guide = REPO / pointer
            assert guide.is_file(), '%s points at %s, which does not exist' % (name, pointer)
            assert len(guide.read_text(encoding='utf-8').splitlines()) > 50, '%s points at %s, a stub' % (name, pointer)
