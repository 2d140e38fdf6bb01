"""The small model of tests/integration/fabric_models/small (2 spines, 4 leaves, 3 VRFs, 3 networks), merged as NaC reads it."""

import copy
import pathlib

import yaml

SMALL = pathlib.Path(__file__).parents[5] / 'tests' / 'integration' / 'fabric_models' / 'small' / 'host_vars' / 'fo-small'


def merged(base, extra):
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged(base[key], value)
        else:
            base[key] = value
    return base


def small_model():
    """A fresh copy of the small model's vxlan dict, its files merged key by key."""
    model = {}
    for path in sorted(SMALL.glob('*.nac.yaml')):
        merged(model, yaml.safe_load(path.read_text(encoding='utf-8')))
    return copy.deepcopy(model['vxlan'])
