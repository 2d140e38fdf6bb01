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

.PHONY: demo test bench emulator units integration emulator-tests sanity lint changelog-lint docs-lint gates install clean

demo: install
	DASHBOARD_USERNAME=admin DASHBOARD_PASSWORD='Admin-Passw0rd!' DASHBOARD_DOMAIN=DefaultAuth \
	  scripts/with-emulator.sh -- $(BIN)/ansible-playbook playbooks/demo.yml

test: install units emulator-tests integration gates

install: $(VENV)/.installed $(COLLECTION_LINK)

$(VENV)/.installed: requirements.txt tests/emulator/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt -e tests/emulator
	touch $@

# The collection is used in place: build/collections/ansible_collections/fabricops/dashboard -> this directory.
$(COLLECTION_LINK):
	mkdir -p $(dir $@)
	ln -sfn ../../../.. $@

emulator: install
	$(BIN)/dashboard-emulator --port 8443 --ca-out build/emulator-ca.pem

units: install
	$(BIN)/python -m pytest tests/unit

emulator-tests: install
	$(BIN)/python -m pytest tests/emulator

integration: install
	$(BIN)/python -m pytest tests/integration

gates: sanity lint changelog-lint docs-lint

# ansible-test needs the collection under ansible_collections/NAMESPACE/NAME and reads the files
# git tracks there, so it runs in a copy of the tracked and new (not ignored) files.
sanity: install
	rm -rf build/sanity && mkdir -p $(SANITY_ROOT)
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C $(SANITY_ROOT)
	cd $(SANITY_ROOT) && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm sanity
	.ci/seed-get-pip.sh $(BIN)/python
	cd $(SANITY_ROOT) && $(BIN)/ansible-test sanity --venv --python 3.11 --color no

lint: install
	$(BIN)/ansible-lint --profile production

changelog-lint: install
	$(BIN)/antsibull-changelog lint

docs-lint: install
	$(BIN)/antsibull-docs lint-collection-docs --plugin-docs .

bench: install
	$(BIN)/python benchmarks/emulator_load.py
	$(BIN)/python benchmarks/emulator_wrk.py
	$(BIN)/python benchmarks/task_cost.py

clean:
	rm -rf build .pytest_cache
