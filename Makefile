# Everything a fresh machine needs, from the two commands the README gives:
#   make demo   - virtualenv, install, start the emulator, run playbooks/demo.yml against it, stop it
#   make test   - every test and quality gate
SHELL := /bin/bash
PYTHON ?= python3
VENV := $(CURDIR)/.venv
BIN := $(VENV)/bin
COLLECTION_LINK := build/collections/ansible_collections/fabricops/dashboard
SANITY_ROOT := build/sanity/ansible_collections/fabricops/dashboard
export ANSIBLE_COLLECTIONS_PATH := $(CURDIR)/build/collections
export ANSIBLE_CONFIG := $(CURDIR)/ansible.cfg
export PATH := $(BIN):$(PATH)
# Python caches the bytecode of what it imports, as on any developer's machine, even where the environment says not
# to (the image these machines run sets PYTHONDONTWRITEBYTECODE). Without the cache every process compiles from source
# what it imports outside site-packages: each run's session keeper (about 0.08 s of CPU each, in over 700 runs in make
# test), each emulator, and each pytest process its test modules and their rewritten asserts.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test bench emulator units integration emulator-tests sanity sanity-copy units-ansible-test ansible-test lint changelog-lint docs-lint gates \
	install clean dist range ee docs-site

# The play runs on the controller only: an inventory of just localhost, with no connection to it.
demo: install
	@DASHBOARD_USERNAME=admin DASHBOARD_PASSWORD='Admin-Passw0rd!' DASHBOARD_DOMAIN=DefaultAuth \
	  scripts/with-emulator.sh -- $(BIN)/ansible-playbook -i localhost, -c local playbooks/demo.yml

# Everything at once: the test suites (pytest-xdist), the single-process gates (ansible-test, ansible-lint, Sphinx, ...)
# and the package installs that wait on the network. Measured on 2 cores, the machine is busy for the whole run (vmstat:
# under 2 % idle), so make test takes what all of it costs in CPU, halved: what shortens it is less work, not another
# order. The integration suite, the longest, starts first. Each target's output is printed in one piece when it ends
# (--output-sync). The unit tests run once, with pytest (units); ansible-test collects them (ansible-test's units
# --collect-only), which fails on an import that works under pytest only. ansible-test units would run each test in a
# forked process of its own: 225 s of CPU for the 689 unit tests, against 37 s with pytest (make units-ansible-test
# still runs them that way).
test: install
	$(MAKE) --no-print-directory -j6 --output-sync=target integration emulator-tests ansible-test units range ee docs-site lint changelog-lint docs-lint

install: $(VENV)/.installed $(COLLECTION_LINK) $(VENV)/.collection-linked

$(VENV)/.installed: requirements-dev.txt tests/emulator/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt -e tests/emulator
	touch $@

# The collection is used in place: build/collections/ansible_collections/fabricops/dashboard -> this directory.
$(COLLECTION_LINK):
	mkdir -p $(dir $@)
	ln -sfn ../../../.. $@

# The venv's ansible-playbook finds the collection from any directory: ansible-core also looks for
# collections in the ansible_collections directory of its Python's site-packages, and this links it
# there (the repository's ansible.cfg, read only from its root, is not needed for that).
$(VENV)/.collection-linked: $(VENV)/.installed
	site=$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') && \
	  mkdir -p "$$site/ansible_collections/fabricops" && ln -sfn $(CURDIR) "$$site/ansible_collections/fabricops/dashboard"
	touch $@

emulator: install
	$(BIN)/dashboard-emulator --port 8443 --ca-out build/emulator-ca.pem


# The suites run on every core (pytest-xdist): each worker is a pytest session of its own, with its
# own emulator, so tests that wait on the emulator's clock overlap. TEST_WORKERS=1 runs them in turn.
# A worker that is done takes tests queued for another (--dist worksteal), so no worker is left with a queue at the end.
TEST_WORKERS ?= auto
# The integration suite, the longest, has twice as many workers as cores: a worker waits on its emulator and on
# ansible-playbook's session keeper for much of each test, and in make test it runs on after the gates, alone.
INTEGRATION_WORKERS ?= $(shell echo $$(( $$(nproc) * 2 )))
units: install
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/unit

emulator-tests: install
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=5 tests/emulator

integration: install
	$(BIN)/python -m pytest -n $(INTEGRATION_WORKERS) --dist worksteal --durations=15 tests/integration

gates: sanity units-ansible-test lint changelog-lint docs-lint

# The collection as Galaxy users get it: the tarball of `ansible-galaxy collection build`.
VERSION := $(shell sed -n 's/^version: *//p' galaxy.yml)
TARBALL := build/dist/fabricops-dashboard-$(VERSION).tar.gz
RANGE := build/range

dist: install
	rm -rf build/dist
	$(BIN)/ansible-galaxy collection build --output-path build/dist
	@echo "tarball: $(TARBALL) ($$(stat -c %s $(TARBALL)) bytes)"

# Each end of the supported ansible-core range (the #range lines of requirements-dev.txt): a
# virtualenv with that ansible-core on that Python and requirements.txt only, and the tarball
# installed with ansible-galaxy; tests/range runs a play with each against the emulator.
range: dist $(RANGE)/oldest/venv/.installed $(RANGE)/newest/venv/.installed
	for end in oldest newest; do \
	  rm -rf $(RANGE)/$$end/collections; \
	  $(RANGE)/$$end/venv/bin/ansible-galaxy collection install --force -p $(RANGE)/$$end/collections $(TARBALL) || exit 1; \
	done
	# The emulator, installed from the installed collection as the install guide says.
	rm -rf $(RANGE)/emulator && $(PYTHON) -m venv --without-pip $(RANGE)/emulator
	$(BIN)/pip --python $(RANGE)/emulator/bin/python install --quiet $(RANGE)/oldest/collections/ansible_collections/fabricops/dashboard/tests/emulator
	$(BIN)/python -m pytest tests/range

# The Python an end names (python3.11, python3.12): on PATH, else under pyenv (whose shims
# refuse a version that is not selected); .ci/run installs it when neither has it.
# Each venv is made without pip and filled by the project venv's pip (pip --python): making a venv
# with its own pip (ensurepip) and upgrading that pip cost about 8 s of CPU per venv, measured here.
$(RANGE)/%/venv/.installed: requirements-dev.txt requirements.txt
	set -e; set -- $$(grep '^#range $* ' requirements-dev.txt); core=$$3; python=$$4; \
	for candidate in $$(command -v $$python) $${PYENV_ROOT:-$$HOME/.pyenv}/versions/*/bin/$$python /usr/bin/$$python; do \
	  if [ -x "$$candidate" ] && "$$candidate" -c 'import venv, ensurepip' 2>/dev/null; then interpreter=$$candidate; break; fi; \
	done; \
	if [ -z "$$interpreter" ]; then echo "$$python is needed for ansible-core $$core (the $* end of the range): install it" >&2; exit 1; fi; \
	rm -rf $(RANGE)/$*/venv && "$$interpreter" -m venv --without-pip $(RANGE)/$*/venv; \
	$(BIN)/pip --python $(RANGE)/$*/venv/bin/python install --quiet "$$core" -r requirements.txt
	touch $@

# The execution environment definition of docs/awx, as its guide uses it: next to the tarball.
ee: dist
	rm -rf build/ee && mkdir -p build/ee
	cp docs/awx/execution-environment.yml docs/awx/requirements.yml $(TARBALL) build/ee/
	cd build/ee && $(BIN)/ansible-builder create --file execution-environment.yml --context context --output-filename Containerfile
	test -s build/ee/context/Containerfile
	# What ansible-builder will install for the collection: its requirements.txt, found through meta/execution-environment.yml.
	ANSIBLE_COLLECTIONS_PATH=$(CURDIR)/build/ee/installed $(BIN)/ansible-galaxy collection install --force -p build/ee/installed $(TARBALL)
	$(BIN)/ansible-builder introspect build/ee/installed | tee build/ee/introspect.txt
	grep -q 'PyJWT>=2.8,<3  # from collection fabricops.dashboard' build/ee/introspect.txt
	grep -q 'requests>=2.31,<3  # from collection fabricops.dashboard' build/ee/introspect.txt

# The rendered docs site, offline: antsibull-docs sphinx-init writes the Sphinx project, then the
# collection's reference and guides (docs/docsite) are rendered to HTML.
docs-site: install
	rm -rf build/docsite && mkdir -m 0755 -p build/docsite && $(BIN)/antsibull-docs sphinx-init --use-current --dest-dir build/docsite --project 'fabricops.dashboard' \
	  --copyright 'fabricops.dashboard contributors' --title 'fabricops.dashboard' --lenient fabricops.dashboard
	# No intersphinx: its inventories are fetched from the network.
	echo 'intersphinx_mapping = {}' >> build/docsite/conf.py
	cd build/docsite && ./build.sh > build.log 2>&1 || { cat build.log; exit 1; }
	# Only links into the Ansible docs (intersphinx, off) may stay unresolved: its own labels, ansible.builtin's plugins and
	# community.general's json_query filter (the JMESPath options' docs point to it).
	! grep 'WARNING\|ERROR' build/docsite/build.log | grep -v "undefined label: '\([a-z_]*\|ansible_collections\.ansible\.builtin\.[a-z_]*\|ansible_collections\.community\.general\.json_query_filter\)' \[ref.ref\]"
	test -s build/docsite/build/html/collections/fabricops/dashboard/index.html
	test -s build/docsite/build/html/collections/fabricops/dashboard/docsite/sessions.html
	test -s build/docsite/build/html/collections/fabricops/dashboard/docsite/front_ends.html

# ansible-test units, in its own virtualenv with tests/unit/requirements.txt, on the same copy as sanity.
ANSIBLE_TEST_UNITS := $(BIN)/ansible-test units --venv --python 3.11 --color no
ANSIBLE_TEST_SANITY := $(BIN)/ansible-test sanity --venv --python 3.11 --color no
units-ansible-test: sanity-copy
	cd $(SANITY_ROOT) && $(ANSIBLE_TEST_UNITS)

# Both on one copy, one after the other (two ansible-tests at once would share its tests/output): for `make test`,
# which runs this next to the other gates, and the unit tests with pytest (units). ansible-test collects the unit tests
# in its own environment (the collection's import paths), without running them a second time.
ansible-test: sanity-copy
	cd $(SANITY_ROOT) && $(ANSIBLE_TEST_SANITY)
	cd $(SANITY_ROOT) && $(ANSIBLE_TEST_UNITS) --collect-only

# ansible-test needs the collection under ansible_collections/NAMESPACE/NAME and reads the files
# git tracks there, so it runs in a copy of the tracked and new (not ignored) files.
sanity: sanity-copy
	cd $(SANITY_ROOT) && $(ANSIBLE_TEST_SANITY)

sanity-copy: install
	rm -rf build/sanity && mkdir -p $(SANITY_ROOT)
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C $(SANITY_ROOT)
	cd $(SANITY_ROOT) && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm sanity
	.ci/seed-get-pip.sh $(BIN)/python

# galaxy[no-repository]: the collection has no public repository yet, and galaxy.yml names none
# rather than a placeholder; drop the skip when `repository` is set.
# ansible-lint installs the collection it lints into its cache: ANSIBLE_HOME when ANSIBLE_COLLECTIONS_PATH
# is set (as here), else ~/.ansible. A copy in ~/.ansible/collections would then shadow this checkout for
# ansible-doc and for playbooks run from other directories, so its cache (and its version check's,
# XDG_CACHE_HOME) is kept in build/.
LINT_HOME := $(CURDIR)/build/lint-home
lint: install
	ANSIBLE_HOME=$(LINT_HOME) XDG_CACHE_HOME=$(LINT_HOME)/cache \
	  $(BIN)/ansible-lint --profile production --skip-list 'galaxy[no-repository]'

changelog-lint: install
	$(BIN)/antsibull-changelog lint

docs-lint: install
	$(BIN)/antsibull-docs lint-collection-docs --plugin-docs .

bench: install
	$(BIN)/python benchmarks/emulator_load.py
	$(BIN)/python benchmarks/emulator_load.py --clients 1 --pause 0.008
	$(BIN)/python benchmarks/emulator_wrk.py
	$(BIN)/python benchmarks/task_cost.py
	$(BIN)/python benchmarks/task_cost.py --credentials --runs 7 --tasks 50
	$(BIN)/python benchmarks/task_profile.py
	$(BIN)/python benchmarks/task_profile.py --answer fabrics
	$(BIN)/python benchmarks/task_profile.py --answer fabrics --loop

clean:
	rm -rf build .pytest_cache
